// Runs the shipped packages' tests on the supported Node majors other than the one running this (the main
// `npm test` run, on the toolkit's Node 24, covers that one). The binaries come from the npm registry into
// the user's cache of Node runtimes, once (scripts/node-runtime.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { commandLine } from './command-line.ts';
import { nodeBinary, SUPPORTED_NODE } from './node-runtime.mjs';
import { root } from './paths.ts';

const usage = `Usage: npm run test:node-matrix [-- --node <major>,<major>...]
  Runs the client's and the contract package's tests on other Node majors (default: the supported ones,
  ${SUPPORTED_NODE.join(' and ')}, but the one running this), each installed once from the npm registry.`;
const current = process.versions.node.split('.')[0] ?? '';
const others = SUPPORTED_NODE.map(String).filter((major) => major !== current);
const { values } = commandLine(usage, { options: { node: { type: 'string', default: others.join(',') } } });
const majors = values.node.split(',').filter(Boolean);
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

let failed = false;
for (const major of majors) {
  const binary = nodeBinary(major);
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`\n▶ packages/client and packages/contract tests on Node ${version}`);
  const run = spawnSync(binary, [vitest, 'run', 'packages/client', 'packages/contract'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`✖ the packages' tests failed on Node ${version}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
