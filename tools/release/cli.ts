// The release of the published packages. Their version IS the contract's `info.version` (read from the
// model): the spec review's semver gate decides the bump and writes the CHANGELOG.md entry
// (`npm run review -- --base <last tag> --release`); this script makes the packages follow and checks a
// tag before the release workflow publishes. Published packages are the root package.json workspaces
// without `"private": true`, in dependency order.
//
//   npm run release -- --set-version   packages' versions (and their deps on each other) := info.version
//   npm run release -- --check [--tag v1.2.3]   versions, changelog entry and tag agree (exit 1 if not)
//   npm run release -- --notes         the CHANGELOG.md entry of this version (release notes)
//   npm run release -- --list          the publishable workspace folders, one a line
//   npm run release -- --pack <dir>    npm pack each publishable package into <dir>
//   npm run release -- --image <dir>   the mock's container image, saved as <dir>/banking-api-mock-<version>.image.tar
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadContract } from '../../model/load.ts';
import { commandLine } from '../../scripts/command-line.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { releaseImage } from './image.ts';
import {
  type Manifest,
  manifestPath,
  publishableWorkspaces,
  readJson,
  siblingsOf,
  type Workspace,
} from './workspaces.ts';

export { publishableWorkspaces, type Workspace, workspaces } from './workspaces.ts';

/** The organisation's registry, to which the `@banking-api` scope is mapped (README, release workflow). */
export const ORG_REGISTRY = 'https://npm.banking-api.example.com/';
export const SCOPE = '@banking-api';

/** The version to release: the contract's `info.version`, from its model. */
export async function contractVersion(spec = specPath): Promise<string> {
  return (await loadContract(spec)).model.version;
}

/** The new manifest: `version`, and `version` for each dependency (or optional peer) on another published package. */
function withVersion(manifest: Manifest, names: Set<string>, version: string): Manifest {
  const pinned = (deps: Record<string, string>) =>
    Object.fromEntries(Object.entries(deps).map(([name, v]) => [name, names.has(name) ? version : v]));
  const { dependencies, peerDependencies } = manifest;
  return {
    ...manifest,
    version,
    ...(dependencies && { dependencies: pinned(dependencies) }),
    ...(peerDependencies && { peerDependencies: pinned(peerDependencies) }),
  };
}

/** Sets each package's version (and its deps on the others) to `version`, in package.json and the lockfile. */
export function setVersions(packages: Workspace[], version: string): string[] {
  const names = new Set(packages.map((ws) => ws.manifest.name));
  const lockPath = path.join(root, 'package-lock.json');
  const lock = readJson<{ packages: Record<string, Manifest> }>(lockPath);
  for (const ws of packages) {
    const manifest = readJson<Manifest>(manifestPath(ws.dir));
    writeFileSync(
      manifestPath(ws.dir),
      `${JSON.stringify(withVersion(manifest, names, version), null, 2)}\n`,
    );
    const locked = lock.packages[ws.dir];
    if (locked) lock.packages[ws.dir] = withVersion(locked, names, version);
  }
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  return packages.map((ws) => `${ws.manifest.name}@${version}`);
}

/** The CHANGELOG.md entry of `version` (without its heading), or undefined when there is none. */
export function changelogEntry(changelog: string, version: string): string | undefined {
  const heading = new RegExp(`^## ${version.replace(/\./g, '\\.')} - .*$`, 'm');
  const start = changelog.search(heading);
  if (start === -1) return undefined;
  const rest = changelog.slice(start).split('\n').slice(1).join('\n');
  const next = rest.search(/^## /m);
  return (next === -1 ? rest : rest.slice(0, next)).trim();
}

/** What stands in the way of releasing `version` (empty when nothing does). */
export function releaseProblems(
  packages: Workspace[],
  version: string,
  changelog: string,
  tag: string | undefined,
): string[] {
  const problems: string[] = [];
  const names = new Set(packages.map((ws) => ws.manifest.name));
  if (tag !== undefined && tag !== `v${version}`)
    problems.push(`tag ${tag} does not match the contract's info.version ${version} (expected v${version})`);
  if (changelogEntry(changelog, version) === undefined)
    problems.push(
      `CHANGELOG.md has no entry for ${version}: run \`npm run review -- --base <last tag> --release\``,
    );
  for (const ws of packages) {
    const { name, version: current, dependencies = {}, peerDependencies = {} } = ws.manifest;
    if (!name.startsWith(`${SCOPE}/`)) problems.push(`${name} is outside the ${SCOPE} scope`);
    if (current !== version)
      problems.push(`${name} is ${current}, not ${version}: run \`npm run release -- --set-version\``);
    for (const dep of siblingsOf(ws, names))
      if (dependencies[dep] !== version)
        problems.push(`${name} depends on ${dep}@${dependencies[dep]}, not ${version}`);
    for (const [dep, range] of Object.entries(peerDependencies))
      if (names.has(dep) && range !== version) problems.push(`${name} peers ${dep}@${range}, not ${version}`);
  }
  return problems;
}

/** `npm pack` of each package into `dir`; the tarballs' paths, in dependency order. */
export function packAll(packages: Workspace[], dir: string): string[] {
  return packages.map((ws) => {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: path.join(root, ws.dir),
      encoding: 'utf8',
    });
    return path.join(dir, (JSON.parse(out) as { filename: string }[])[0]?.filename ?? '');
  });
}

const RELEASE_USAGE = `Usage: npm run release -- --set-version | --check [--tag vX.Y.Z] | --notes | --list | --pack <dir>
                        | --image <dir> [--base <image>] [--registry <url>]
  --set-version  set every publishable package's version to the contract's info.version
  --check        the release is consistent (versions, CHANGELOG.md entry, tag); exit 1 if not
  --notes        print the CHANGELOG.md entry of this version
  --list         list the publishable packages
  --pack <dir>   npm pack each publishable package into dir
  --image <dir>  build the mock's container image (podman) from the packed packages and save it as
                 dir/banking-api-mock-<version>.image.tar; --base: the image it builds on (default
                 node:24-slim), --registry: the npm registry it installs from (default npm's own)`;

async function main(): Promise<void> {
  const { values } = commandLine(RELEASE_USAGE, {
    options: {
      'set-version': { type: 'boolean', default: false },
      check: { type: 'boolean', default: false },
      tag: { type: 'string' },
      notes: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      pack: { type: 'string' },
      image: { type: 'string' },
      base: { type: 'string', default: 'node:24-slim' },
      registry: { type: 'string' },
    },
  });
  const packages = publishableWorkspaces();
  if (values.list) return void console.log(packages.map((ws) => ws.dir).join('\n'));
  if (values.pack) return void console.log(packAll(packages, path.resolve(values.pack)).join('\n'));
  const version = await contractVersion();
  if (values.image) {
    const options = { base: values.base, registry: values.registry, pack: packAll };
    return void console.log(releaseImage(packages, version, path.resolve(values.image), options));
  }
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  if (values['set-version']) return void console.log(setVersions(packages, version).join('\n'));
  if (values.notes) return void console.log(changelogEntry(changelog, version) ?? '');
  if (values.check) {
    const problems = releaseProblems(packages, version, changelog, values.tag ?? process.env.RELEASE_TAG);
    for (const problem of problems) console.error(`✖ ${problem}`);
    if (problems.length) process.exit(1);
    return void console.log(`release ${version}: ${packages.map((ws) => ws.manifest.name).join(', ')}`);
  }
  console.error(RELEASE_USAGE);
  process.exit(2);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await main();
