// Benchmark: `npm run build` (pipeline/build.ts through scripts/launch.mjs, one Node process; npm's start-up
// left out) against the same tools run as separate CLIs, one after the other as a shell script would: Spectral,
// Redocly lint, Redocly bundle, openapi-typescript, tsc for each package (--noCheck, as the build), Redocly
// build-docs. Rounds alternate the two sides, so a busy machine slows both alike.
// `npx tsx bench/pipeline.ts [--rounds 3]`. Prints each side's median and the ratio (goal <= 0.70).
// Spectral's CLI is not a dependency of the project: the first run installs it into .cache/bench-cli/.
// The CLIs write to a temporary folder; the build writes its usual outputs (generated/, packages/*/dist).
import '../scripts/env.ts';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { loadContract } from '../model/load.ts';
import { pageSpec, renderInput } from '../pipeline/docs/index.ts';
import { root, specPath } from '../scripts/paths.ts';

const run = promisify(execFile);
const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const bin = (rel: string) => path.join(root, 'node_modules', rel);

const SPECTRAL_CLI = '@stoplight/spectral-cli@6.16.3';
const cliDir = path.join(root, '.cache/bench-cli');
const spectralBin = path.join(cliDir, 'node_modules/@stoplight/spectral-cli/dist/index.js');

/** Spectral's own CLI, in a folder of its own (installed on the first run). */
async function ensureSpectralCli(): Promise<void> {
  if (existsSync(spectralBin)) return;
  console.log(`installing ${SPECTRAL_CLI} into ${path.relative(root, cliDir)} (first run only)`);
  await mkdir(cliDir, { recursive: true });
  await writeFile(path.join(cliDir, 'package.json'), '{"private":true,"scarfSettings":{"enabled":false}}\n');
  await run('npm', ['install', '--no-audit', '--no-fund', SPECTRAL_CLI], { cwd: cliDir });
}

/** The CLI commands doing the build's work, in its order; `out` is a scratch folder. */
async function cliCommands(out: string): Promise<string[][]> {
  // build-docs gets the same docs spec and options as the build's docs step (guides and samples are ours).
  const docsSpec = path.join(out, 'openapi.docs.json');
  await writeFile(docsSpec, JSON.stringify(await pageSpec(await loadContract(specPath))));
  const docs = await renderInput(path.join(out, 'index.html'), docsSpec);
  const redocly = bin('@redocly/cli/bin/cli.js');
  // As the build's packages step compiles them: every shipped package, emitted without a second type check
  // (npm run check is the type check on both sides).
  const tsc = (pkg: string) => [
    bin('typescript/bin/tsc'),
    '-p',
    path.join(root, 'packages', pkg),
    '--outDir',
    path.join(out, pkg),
    '--noCheck',
  ];
  return [
    [
      spectralBin,
      'lint',
      specPath,
      '--ruleset',
      path.join(root, '.spectral.yaml'),
      '--fail-severity',
      'warn',
    ],
    [redocly, 'lint', specPath],
    [redocly, 'bundle', specPath, '-o', path.join(out, 'openapi.json')],
    [bin('openapi-typescript/bin/cli.js'), path.join(out, 'openapi.json'), '-o', path.join(out, 'api.d.ts')],
    tsc('contract'),
    tsc('client'),
    tsc('mock'),
    [
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
  ];
}

/** Each command's time (ms), by its name (tool and subcommand). */
const perCommand = new Map<string, number[]>();
function nameOf([script, first, second]: string[]): string {
  const tool = path.basename(path.dirname(path.dirname(script as string)));
  if (first === '-p') return `${tool} ${path.basename(second as string)}`;
  return first?.startsWith('/') ? tool : `${tool} ${first}`;
}

async function timeCommands(commands: string[][]): Promise<number> {
  const started = performance.now();
  for (const command of commands) {
    const [script, ...args] = command;
    const t = performance.now();
    await run(process.execPath, [script as string, ...args], { cwd: root, maxBuffer: 64 << 20 });
    const name = nameOf(command);
    perCommand.set(name, [...(perCommand.get(name) ?? []), performance.now() - t]);
  }
  return performance.now() - started;
}

let lastBuildSteps: string[] = [];
async function timeBuild(): Promise<number> {
  const started = performance.now();
  const { stdout } = await run(process.execPath, ['scripts/launch.mjs', 'pipeline/build.ts'], {
    cwd: root,
    maxBuffer: 64 << 20,
  });
  lastBuildSteps = stdout.split('\n').filter((line) => line.startsWith('✔ '));
  return performance.now() - started;
}

await ensureSpectralCli();
const out = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
try {
  const commands = await cliCommands(out);
  await timeCommands(commands); // warm both (file cache)
  await timeBuild();
  const samples = { build: [] as number[], clis: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    samples.clis.push(await timeCommands(commands));
    samples.build.push(await timeBuild());
  }
  const show = (label: string, xs: number[]) =>
    console.log(`${label.padEnd(34)} median ${seconds(median(xs))}  (${xs.map(seconds).join(', ')})`);
  console.log(
    `Build pipeline, ${rounds} rounds alternated, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  show(`separate CLIs (${commands.length} processes)`, samples.clis);
  show('npm run build (pipeline/build.ts)', samples.build);
  console.log('per CLI (median):');
  for (const [name, times] of perCommand) console.log(`  ${name.padEnd(24)} ${seconds(median(times))}`);
  console.log(`last build's steps (they overlap): ${lastBuildSteps.join(', ')}`);
  const paired = samples.build.map((b, i) => (b / (samples.clis[i] as number)).toFixed(2));
  console.log(`ratio build / CLIs per round (each pair run back to back): ${paired.join(', ')}`);
  console.log(
    `ratio build / CLIs: ${(median(samples.build) / median(samples.clis)).toFixed(2)}  (goal <= 0.70)`,
  );
} finally {
  await rm(out, { recursive: true, force: true });
}
