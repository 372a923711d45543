// `npm run pack:offline -- --out <dir>`: the client's tarball set for a network without a registry: the
// client, the contract package it depends on, and every package they need at run time (openapi-fetch,
// undici...), each packed from this repository's installed node_modules. A team installs the whole folder
// with one command and npm asks no registry for anything (test/consumer/offline.test.ts proves it):
//   npm install --offline --no-audit --no-fund <dir>/*.tgz
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandLine } from '../../scripts/command-line.ts';
import { root } from '../../scripts/paths.ts';

const run = promisify(execFile);
const usage = `Usage: npm run pack:offline -- --out <dir>
  Writes @banking-api/client, @banking-api/contract and their run-time dependencies as tarballs into <dir>
  (emptied first); install them with: npm install --offline --no-audit --no-fund <dir>/*.tgz`;

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}
const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where Node would find `name` from `from`: its node_modules, then each parent's, up to the root. */
function resolveFrom(from: string, name: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root || dir === path.dirname(dir)) throw new Error(`${name} is not installed (from ${from})`);
  }
}

/** The folders of `start` and of everything it depends on at run time (symlinked workspaces resolved). */
function closure(start: string): Map<string, string> {
  const found = new Map<string, string>(); // name@version → folder
  const visit = (dir: string) => {
    const manifest = manifestOf(dir);
    const key = `${manifest.name}@${manifest.version}`;
    if (found.has(key)) return;
    found.set(key, dir);
    for (const name of Object.keys(manifest.dependencies ?? {})) visit(resolveFrom(dir, name));
  };
  visit(start);
  return found;
}

const { values } = commandLine(usage, { options: { out: { type: 'string' } } });
if (!values.out) {
  console.error(`✖ --out is required\n\n${usage}`);
  process.exit(2);
}
const out = path.resolve(values.out);
const client = path.join(root, 'packages/client');
if (!existsSync(path.join(client, 'dist/index.js'))) {
  console.error('✖ packages/client/dist is missing: run npm run build first');
  process.exit(1);
}
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
const packages = closure(client);
for (const dir of packages.values())
  await run('npm', ['pack', '--silent', '--pack-destination', out, dir], {
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_ignore_scripts: 'true' },
  });
const files = (await readdir(out)).filter((file) => file.endsWith('.tgz')).sort();
console.log(`${files.length} tarballs in ${out}:\n  ${files.join('\n  ')}`);
console.log(
  `Install them together, no registry asked: npm install --offline --no-audit --no-fund ${values.out}/*.tgz`,
);
