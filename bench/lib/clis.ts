// The build's work done by the bare tools, each its own CLI process, as a shell script would run them:
// Spectral, Redocly lint, Redocly bundle, openapi-typescript, tsc for each package (--noCheck, as the build),
// Redocly build-docs. bench/pipeline.ts and bench/scale.ts time them beside `npm run build`, on a subject:
// a repository (this one or a copy) and the contract its toolkit is pointed at, with its lint rules.
// Spectral's CLI is not a dependency of the project: the first run installs it into .cache/bench-cli/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadContract } from '../../model/load.ts';
import { PACKAGE_NAMES } from '../../pipeline/packages.ts';
import type { LintRules } from '../../scripts/contract.ts';
import { root } from '../../scripts/paths.ts';
import { measured } from './measure.ts';
import { redocInput, redocSpec } from './redoc-baseline.ts';

export { childrenCpuMs } from './cpu.ts';

const run = promisify(execFile);
const bin = (rel: string) => path.join(root, 'node_modules', rel);

const SPECTRAL_CLI = '@stoplight/spectral-cli@6.16.3';
const cliDir = path.join(root, '.cache/bench-cli');
const spectralBin = path.join(cliDir, 'node_modules/@stoplight/spectral-cli/dist/index.js');

/**
 * Node's flags as the npm scripts that read a contract give them (package.json: `npm run build`, `review`):
 * a young generation of 8 MiB semi-spaces, where the default grows to 32: a third less peak memory (Stripe's
 * spec: the lint step 705 → 476 MiB), its CPU within the noise of our runs. The bare CLIs run with Node's
 * defaults.
 */
export const NPM_SCRIPT_FLAGS = ['--max-semi-space-size=8'];

/** A repository whose toolkit runs, the contract it reads, with which rules, and whether it is ours. */
export type Subject = { repo: string; spec: string; rules: LintRules; ours: boolean };

/** This repository (or a copy of it) on its own contract. */
export const ownSubject = (repo = root): Subject => ({
  repo,
  spec: path.join(repo, 'openapi.yaml'),
  rules: 'house',
  ours: true,
});

/** Spectral's own CLI, in a folder of its own (installed on the first run). */
export async function ensureSpectralCli(): Promise<void> {
  if (existsSync(spectralBin)) return;
  console.log(`installing ${SPECTRAL_CLI} into ${path.relative(root, cliDir)} (first run only)`);
  await mkdir(cliDir, { recursive: true });
  await writeFile(path.join(cliDir, 'package.json'), '{"private":true,"scarfSettings":{"enabled":false}}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', SPECTRAL_CLI], { cwd: cliDir });
}

/** The build step each CLI does the work of (bench/scale.ts prints them side by side). */
export type CliCommand = {
  step: 'lint' | 'bundle' | 'types' | 'packages' | 'docs';
  argv: string[];
  /** A linter exits 1 on the problems it finds: a real contract has some. */
  lintExit?: true;
};

/** The linters as the build runs them for `subject`: its rulesets, given to the CLIs. */
async function lintCommands(out: string, { repo, spec, rules }: Subject): Promise<CliCommand[]> {
  const ruleset =
    rules === 'house'
      ? path.join(repo, '.spectral.yaml')
      : path.join(repo, 'pipeline/lint/standard.spectral.yaml');
  const redoclyConfig =
    rules === 'house' ? path.join(repo, 'redocly.yaml') : path.join(out, 'redocly.standard.yaml');
  if (rules === 'standard') await writeFile(redoclyConfig, 'extends:\n  - recommended\n');
  const redocly = bin('@redocly/cli/bin/cli.js');
  return [
    {
      step: 'lint',
      argv: [spectralBin, 'lint', spec, '--ruleset', ruleset, '--fail-severity', 'warn'],
      lintExit: true,
    },
    { step: 'lint', argv: [redocly, 'lint', spec, '--config', redoclyConfig], lintExit: true },
  ];
}

/** The Redocly config openapi-typescript's Node API checks a bundle with, as a file for its CLI. */
async function typesConfig(out: string): Promise<string> {
  const file = path.join(out, 'redocly.types.yaml');
  await writeFile(file, 'rules:\n  operation-operationId-unique: error\n');
  return file;
}

/** The CLI commands doing the build's work on `subject`, in the build's order; `out` is a scratch folder. */
export async function cliCommands(out: string, subject: Subject = ownSubject()): Promise<CliCommand[]> {
  const { repo, spec } = subject;
  // build-docs renders the same reader's content as the build's docs step (guides, notes, samples; the guides
  // are ours, so only on our contract).
  const docsSpec = path.join(out, 'openapi.docs.json');
  await writeFile(
    docsSpec,
    JSON.stringify(await redocSpec(await loadContract(spec), { guides: subject.ours })),
  );
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
  return [
    ...(await lintCommands(out, subject)),
    { step: 'bundle', argv: [redocly, 'bundle', spec, '-o', path.join(out, 'openapi.json')] },
    {
      step: 'types',
      argv: [
        bin('openapi-typescript/bin/cli.js'),
        path.join(out, 'openapi.json'),
        '-o',
        path.join(out, 'api.d.ts'),
        // The check of the bundle its Node API makes (ours calls it): operationIds unique, nothing more.
        '--redocly',
        await typesConfig(out),
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

/** What a run of commands cost: wall and CPU time (ms), and the peak memory (KiB) of its largest command. */
export type Cost = { total: number; cpu: number; peak: number };

/** Runs the commands one after the other in `cwd`; their cost, and each one's time by its name. */
export async function timeCommands(
  commands: CliCommand[],
  cwd = root,
): Promise<Cost & { each: Map<string, number> }> {
  const each = new Map<string, number>();
  const cost = { total: 0, cpu: 0, peak: 0 };
  for (const command of commands) {
    const lint = command.lintExit === true;
    const m = await measured(command.argv, cwd, (code) => code === 0 || (lint && code === 1));
    each.set(nameOf(command), m.wall);
    cost.total += m.wall;
    cost.cpu += m.cpu;
    cost.peak = Math.max(cost.peak, m.peak); // one after the other: the largest is the peak
  }
  return { ...cost, each };
}

/**
 * `npm run build [-- --only <step>]` (pipeline/build.ts through scripts/launch.mjs, npm left out) of `subject`:
 * its cost and each step's time. A contract other than ours may fail its lint: measured all the same, but
 * every other step selected must have passed.
 */
export async function timeBuild(
  subject: Subject = ownSubject(),
  only?: string,
): Promise<Cost & { steps: Map<string, number> }> {
  const args = [
    ...NPM_SCRIPT_FLAGS,
    'scripts/launch.mjs',
    'pipeline/build.ts',
    '--contract',
    subject.spec,
    '--rules',
    subject.rules,
  ];
  const m = await measured(
    [...args, ...(only ? ['--only', only] : [])],
    subject.repo,
    (code) => code === 0 || !subject.ours,
  );
  const steps = new Map<string, number>();
  for (const [, name, ms] of m.stdout.matchAll(/^✔ (\w+) \((\d+) ms\)$/gm))
    steps.set(name as string, Number(ms));
  const expected = (only?.split(',') ?? ['docs', 'lint', 'bundle', 'types', 'packages']).filter(
    (s) => s !== 'lint',
  );
  const missing = expected.filter((s) => !steps.has(s));
  if (missing.length)
    throw new Error(`bench: the build of ${subject.spec} did not pass ${missing.join(', ')}`);
  return { total: m.wall, cpu: m.cpu, peak: m.peak, steps };
}
