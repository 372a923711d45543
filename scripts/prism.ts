// Starts bare Prism (its own CLI) as a child process on a loopback port and tells when it is ready or has
// died: the baseline of bench/mock.ts and the example check of the contract tests (through test/support).
// The mock itself runs Prism in-process (packages/mock/src/prism/engine.ts); this is not part of it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.ts';

const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const orphanGuard = fileURLToPath(new URL('./prism-orphan-guard.cjs', import.meta.url));

export interface PrismOptions {
  mode: 'mock' | 'proxy';
  specPath: string;
  /** proxy mode: where Prism forwards to. */
  upstream?: string;
  host?: string;
  /** 0 or absent: a free port. */
  port?: number;
  dynamic?: boolean;
  errors?: boolean;
  seed?: string;
  /** Prism's log level; 'fatal' keeps it quiet but for start-up failures. */
  logLevel?: string;
  /** Where Prism's output goes: by default kept only for the message when it dies. */
  output?: NodeJS.WritableStream;
}

export interface PrismProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when Prism exits, with its exit code and its last output lines. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  stop(): Promise<void>;
}

export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const args = ['-r', orphanGuard, prismCli, options.mode, options.specPath];
  if (options.mode === 'proxy') args.push(options.upstream ?? '');
  args.push('--host', host, '--port', String(port), '-v', options.logLevel ?? 'fatal');
  if (options.errors) args.push('--errors');
  if (options.dynamic) args.push('--dynamic');
  if (options.seed) args.push('--seed', options.seed);

  const child = spawn(process.execPath, args, {
    env: { ...process.env, SCARF_ANALYTICS: 'false', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl-C in a terminal reaches only the mock, which then stops Prism, instead
    // of racing Prism's exit against the "Prism died" check. The orphan guard covers a killed mock.
    detached: true,
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    options.output?.write(chunk);
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>(
    (resolve) => child.once('exit', (code, signal) => resolve({ code, signal, output: tail.trim() })),
  );
  let dead = false;
  void exited.then(() => {
    dead = true;
  });

  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await answers(host, port))) {
    if (dead) {
      const { code, output } = await exited;
      throw new Error(`Prism exited with code ${code} while starting:\n${output}`);
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`Prism did not answer on ${url} within 30 s:\n${tail.trim()}`);
    }
    await delay(100);
  }

  return {
    url,
    port,
    child,
    exited,
    async stop() {
      if (dead) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Whether the port accepts connections: Prism listens once the spec is loaded. A TCP probe, not an HTTP
 * request, which proxy mode would forward to the real environment.
 */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
