#!/usr/bin/env node
// `banking-api-mock-image-context <dir>`: the build context of the mock's container image, for a build where
// no public registry can be reached. It holds the Containerfile and its registry check, the packed
// @banking-api/mock and @banking-api/contract, a package.json naming them and a package-lock.json that locks
// every dependency, resolved now through your npm configuration (your registry mirror): the image then
// installs exactly those versions, checked by their integrity, from the registry the build is given.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';

const run = promisify(execFile);

const usage = `Usage: banking-api-mock-image-context <dir> [--tarballs <dir>] [--registry <url>]

Writes the build context of the mock's container image into <dir>: the Containerfile, the packed
@banking-api/mock and @banking-api/contract (from --tarballs, else packed from this installation), a
package.json naming them and a package-lock.json of every dependency, resolved through your npm
configuration (--registry: another registry for that). Then build the image:

  podman build --pull=never --build-arg BASE=<a Node 24 image you have> \\
    --build-arg NPM_REGISTRY=<your npm registry mirror> [--secret id=npm-ca,src=<its CA bundle>] \\
    -t banking-api-mock <dir>
`;

const image = fileURLToPath(new URL('../image/', import.meta.url));
const packages = ['@banking-api/contract', '@banking-api/mock'] as const;

/** The folder of an installed package (the one this file belongs to, for the mock). */
function packageDir(name: (typeof packages)[number]): string {
  if (name === '@banking-api/mock') return fileURLToPath(new URL('..', import.meta.url));
  return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

/** The two tarballs in `dir`: copied from `from`, or packed from the installed packages. */
async function tarballs(dir: string, from: string | undefined): Promise<string[]> {
  if (!from) {
    const { stdout } = await run('npm', [
      'pack',
      '--json',
      '--pack-destination',
      dir,
      ...packages.map(packageDir),
    ]);
    return (JSON.parse(stdout) as { filename: string }[]).map((p) => p.filename);
  }
  const names = await readdir(from);
  return Promise.all(
    packages.map(async (name) => {
      const prefix = `${name.slice(1).replace('/', '-')}-`;
      const found = names.filter((n) => n.startsWith(prefix) && n.endsWith('.tgz'));
      if (found.length !== 1)
        throw new Error(`--tarballs ${from}: expected one ${prefix}*.tgz, found ${found.length}`);
      await copyFile(join(from, found[0] as string), join(dir, found[0] as string));
      return found[0] as string;
    }),
  );
}

/**
 * The lockfile without the registry addresses it was resolved from: each package stays pinned by version and
 * integrity, and the build fetches it from the registry it is given (a lockfile naming mirror A would send
 * the build there whatever NPM_REGISTRY says).
 */
async function registryFree(lockfile: string): Promise<void> {
  const lock = JSON.parse(await readFile(lockfile, 'utf8')) as {
    packages?: Record<string, { resolved?: string }>;
  };
  for (const entry of Object.values(lock.packages ?? {}))
    if (entry.resolved && /^https?:/.test(entry.resolved)) delete entry.resolved;
  await writeFile(lockfile, `${JSON.stringify(lock, null, 2)}\n`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      tarballs: { type: 'string' },
      registry: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return void console.log(usage);
  if (positionals.length !== 1) throw new Error('name one folder to write the build context into');
  const dir = resolve(positionals[0] as string);
  await mkdir(dir, { recursive: true });
  const files = await tarballs(dir, values.tarballs && resolve(values.tarballs));
  const dependencies = Object.fromEntries(packages.map((name, i) => [name, `file:./${files[i]}`]));
  const manifest = { name: 'banking-api-mock-image', private: true, dependencies };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const file of ['Containerfile', 'registry-check.mjs'])
    await copyFile(join(image, file), join(dir, file));
  const registry = values.registry ? ['--registry', values.registry] : [];
  await run(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', ...registry],
    {
      cwd: dir,
      maxBuffer: 1 << 24,
    },
  );
  await registryFree(join(dir, 'package-lock.json'));
  const { version } = JSON.parse(
    await readFile(join(packageDir('@banking-api/mock'), 'package.json'), 'utf8'),
  ) as { version: string };
  console.log(`The build context is in ${dir}. Build the image:

  podman build --pull=never --build-arg BASE=<a Node 24 image you have> \\
    --build-arg NPM_REGISTRY=<your npm registry mirror> [--secret id=npm-ca,src=<its CA bundle>] \\
    [--secret id=npmrc,src=<an .npmrc with its credentials>] -t localhost/banking-api-mock:${version} ${dir}
`);
}

try {
  await main();
} catch (error) {
  console.error(`banking-api-mock-image-context: ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
