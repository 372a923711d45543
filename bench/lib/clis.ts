// The build's work done by the bare tools, each its own CLI process, as a shell script would run them:
// Spectral, Redocly lint, Redocly bundle, openapi-typescript, tsc for each package (--noCheck, as the build),
// Redocly build-docs. bench/pipeline.ts and bench/scale.ts time them beside `npm run build`.
// Spectral's CLI is not a dependency of the project: the first run installs it into .cache/bench-cli/.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadContract } from '../../model/load.ts';
import { PACKAGE_NAMES } from '../../pipeline/packages.ts';
import { root } from '../../scripts/paths.ts';
import { redocInput, redocSpec } from './redoc-baseline.ts';

const run = promisify(execFile);
const bin = (rel: string) => path.join(root, 'node_modules', rel);

const SPECTRAL_CLI = '@stoplight/spectral-cli@6.16.3';
const cliDir = path.join(root, '.cache/bench-cli');
const spectralBin = path.join(cliDir, 'node_modules/@stoplight/spectral-cli/dist/index.js');

/** Spectral's own CLI, in a folder of its own (installed on the first run). */
export async function ensureSpectralCli(): Promise<void> {
  if (existsSync(spectralBin)) return;
  console.log(`installing ${SPECTRAL_CLI} into ${path.relative(root, cliDir)} (first run only)`);
  await mkdir(cliDir, { recursive: true });
  await writeFile(path.join(cliDir, 'package.json'), '{"private":true,"scarfSettings":{"enabled":false}}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', SPECTRAL_CLI], { cwd: cliDir });
}

/** The build step each CLI does the work of (bench/scale.ts prints them side by side). */
export type CliCommand = { step: 'lint' | 'bundle' | 'types' | 'packages' | 'docs'; argv: string[] };

/**
 * The CLI commands doing the build's work on the repository at `repo` (this one or a copy), in the build's
 * order; `out` is a scratch folder.
 */
export async function cliCommands(out: string, repo = root): Promise<CliCommand[]> {
  const spec = path.join(repo, 'openapi.yaml');
  // build-docs renders the same reader's content as the build's docs step (guides, notes, samples).
  const docsSpec = path.join(out, 'openapi.docs.json');
  await writeFile(docsSpec, JSON.stringify(await redocSpec(await loadContract(spec))));
  const docs = redocInput(path.join(out, 'index.html'), docsSpec);
  const redocly = bin('@redocly/cli/bin/cli.js');
  // As the build's packages step compiles them: every shipped package, emitted without a second type check
  // (npm run check is the type check on both sides).
  const tsc = (pkg: string): CliCommand => ({
    step: 'packages',
    argv: [
      bin('typescript/bin/tsc'),
      '-p',
      path.join(repo, 'packages', pkg),
      '--outDir',
      path.join(out, pkg),
      '--noCheck',
    ],
  });
  const ruleset = path.join(repo, '.spectral.yaml');
  return [
    { step: 'lint', argv: [spectralBin, 'lint', spec, '--ruleset', ruleset, '--fail-severity', 'warn'] },
    { step: 'lint', argv: [redocly, 'lint', spec] },
    { step: 'bundle', argv: [redocly, 'bundle', spec, '-o', path.join(out, 'openapi.json')] },
    {
      step: 'types',
      argv: [
        bin('openapi-typescript/bin/cli.js'),
        path.join(out, 'openapi.json'),
        '-o',
        path.join(out, 'api.d.ts'),
      ],
    },
    ...PACKAGE_NAMES.map(tsc),
    {
      step: 'docs',
      argv: [
        redocly,
        'build-docs',
        docsSpec,
        '-o',
        docs.outFile,
        '--inlineBundle',
        '--openapi',
        JSON.stringify(docs.options),
        ...Object.entries(docs.templateOptions).map(([k, v]) => `--templateOptions.${k}=${v}`),
      ],
    },
  ];
}

/** `spectral lint`, `typescript contract`: a command's tool and subcommand (or package). */
export function nameOf({ argv: [script, first, second] }: CliCommand): string {
  const tool = path.basename(path.dirname(path.dirname(script as string)));
  if (first === '-p') return `${tool} ${path.basename(second as string)}`;
  return first?.startsWith('/') ? tool : `${tool} ${first}`;
}

/**
 * CPU time (ms, user + system) of this process's children that have exited and been waited for, their own
 * children included (Linux /proc): what a run of processes cost, whatever else the machine was doing.
 */
export function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) * (1000 / 100); // cutime + cstime, clock ticks of 10 ms
}

/** Runs the commands one after the other in `cwd`; the time (ms) of each, by its name, the total and its CPU. */
export async function timeCommands(
  commands: CliCommand[],
  cwd = root,
): Promise<{ total: number; cpu: number; each: Map<string, number> }> {
  const started = performance.now();
  const cpuBefore = childrenCpuMs();
  const each = new Map<string, number>();
  for (const command of commands) {
    const [script, ...args] = command.argv;
    const t = performance.now();
    await run(process.execPath, [script as string, ...args], { cwd, maxBuffer: 256 << 20 });
    each.set(nameOf(command), performance.now() - t);
  }
  return { total: performance.now() - started, cpu: childrenCpuMs() - cpuBefore, each };
}

/**
 * `npm run build [-- --only <step>]` (pipeline/build.ts through scripts/launch.mjs, npm left out) in `repo`: its
 * time and each step's.
 */
export async function timeBuild(
  repo = root,
  only?: string,
): Promise<{ total: number; cpu: number; steps: Map<string, number> }> {
  const started = performance.now();
  const cpuBefore = childrenCpuMs();
  const args = ['scripts/launch.mjs', 'pipeline/build.ts', ...(only ? ['--only', only] : [])];
  const { stdout } = await run(process.execPath, args, {
    cwd: repo,
    maxBuffer: 256 << 20,
  });
  const total = performance.now() - started;
  const cpu = childrenCpuMs() - cpuBefore;
  const steps = new Map<string, number>();
  for (const [, name, ms] of stdout.matchAll(/^✔ (\w+) \((\d+) ms\)$/gm))
    steps.set(name as string, Number(ms));
  return { total, cpu, steps };
}
