// The mock's CLI in a process of its own, as a team runs it (`npx @banking-api/mock`): the load generator
// then does not share its event loop. Shared by bench/mock.ts and bench/scale.ts.
import { type ChildProcess, spawn } from 'node:child_process';

export interface MockProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** `node <cli> --port 0 ...args`, once it prints its ready line; its banner is kept only for a failure. */
export async function startMockProcess(cli: string, args: string[], cwd?: string): Promise<MockProcess> {
  const child = spawn(process.execPath, [cli, '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      said += chunk;
      const match = /ready at (https:\S+)/.exec(said);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${said}`)));
  });
  return {
    child,
    url,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}
