// A local npm registry for tests (Verdaccio, as /work/shared/toolchain-notes.md describes): installed once
// into .cache/verdaccio, started on a free loopback port with its storage in the test's folder. With an
// uplink it proxies npm's own registry and keeps what it fetched; without one it serves only what its
// storage holds, which is how a bank's registry mirror looks from a closed network. `netns` starts it inside
// a network namespace (only its loopback), beside a build that runs there.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { root } from '../../scripts/paths.ts';
import { asRoot } from './as-root.ts';
import { freePort } from './processes.ts';

const run = promisify(execFile);
const cacheDir = join(root, '.cache/verdaccio');
const verdaccioBin = join(cacheDir, 'node_modules/verdaccio/bin/verdaccio');
const npmEnv = { ...process.env, npm_config_update_notifier: 'false' };
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env: npmEnv, timeout: 120_000 });

/** Verdaccio ~6.8 in its own folder, once; the override avoids its unresolvable `node-fetch@cjs` tag. */
export async function installVerdaccio(): Promise<void> {
  if (existsSync(verdaccioBin)) return;
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(
    join(cacheDir, 'package.json'),
    JSON.stringify({
      private: true,
      dependencies: { verdaccio: '~6.8.0' },
      overrides: { 'node-fetch': '^2.7.0' },
    }),
  );
  await npm(['install', '--no-audit', '--no-fund', '--prefer-offline'], cacheDir);
}

/** Config: our scope local only (never proxied); the rest through npm's registry when `uplink`. */
async function writeConfig(dir: string, uplink: boolean): Promise<string> {
  const { stdout } = await npm(['config', 'get', 'registry'], dir);
  const file = join(dir, uplink ? 'config.yaml' : 'config-offline.yaml');
  const proxy = uplink ? ', proxy: upstream' : '';
  writeFileSync(
    file,
    [
      'storage: ./storage',
      'auth: { htpasswd: { file: ./htpasswd, max_users: 10 } }',
      ...(uplink ? [`uplinks: { upstream: { url: ${JSON.stringify(stdout.trim())} } }`] : []),
      'packages:',
      "  '@banking-api/*': { access: $all, publish: $all, unpublish: $all }",
      `  '**': { access: $all, publish: $authenticated${proxy} }`,
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  return file;
}

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, as seen from where it runs (the namespace, with `netns`). */
  url: string;
  stop(): Promise<void>;
}

/** Verdaccio with its storage in `dir`; `netns` names a network namespace to run it in. */
export async function startVerdaccio(
  dir: string,
  { uplink = true, netns }: { uplink?: boolean; netns?: string } = {},
): Promise<LocalRegistry> {
  await installVerdaccio();
  mkdirSync(dir, { recursive: true });
  const config = await writeConfig(dir, uplink);
  const port = await freePort();
  const args = [verdaccioBin, '--config', config, '--listen', `127.0.0.1:${port}`];
  const [command, all] = netns ? inNamespace(netns, [process.execPath, ...args]) : [process.execPath, args];
  const child = spawn(command, all, { cwd: dir, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await waitForPing(url, netns);
  return { url, stop: () => stop(child) };
}

/** A command inside a network namespace (nsenter, as root). */
const inNamespace = (netns: string, command: string[]) =>
  asRoot('nsenter', [`--net=/var/run/netns/${netns}`, ...command]);

/** `-/ping` answers, asked from the namespace the registry runs in. */
async function waitForPing(
  url: string,
  netns: string | undefined,
  deadline = Date.now() + 30_000,
): Promise<void> {
  const ping = `fetch(${JSON.stringify(`${url}-/ping`)}).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`;
  while (Date.now() < deadline) {
    const ok = netns
      ? await run(...inNamespace(netns, [process.execPath, '-e', ping])).then(
          () => true,
          () => false,
        )
      : await fetch(`${url}-/ping`).then(
          (r) => r.ok,
          () => false,
        );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`verdaccio did not answer at ${url}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}
