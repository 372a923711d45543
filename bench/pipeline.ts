// Benchmark: `npm run build` (pipeline/build.ts through scripts/launch.mjs, one Node process; npm's start-up
// left out) against the same tools run as separate CLIs, one after the other as a shell script would: Spectral,
// Redocly lint, Redocly bundle, openapi-typescript, tsc for each package (--noCheck, as the build), Redocly
// build-docs. Rounds alternate the two sides, so a busy machine slows both alike.
// `npx tsx bench/pipeline.ts [--rounds 3]`. Prints each side's median and the ratio (goal <= 0.70).
// The commands are bench/lib/clis.ts's (Spectral's CLI is installed into .cache/bench-cli/ on the first run).
// The CLIs write to a temporary folder; the build writes its usual outputs (generated/, packages/*/dist).
import '../scripts/env.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type CliCommand, cliCommands, ensureSpectralCli, timeBuild, timeCommands } from './lib/clis.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Each command's time (ms), by its name (tool and subcommand). */
const perCommand = new Map<string, number[]>();
async function timeClis(commands: CliCommand[]): Promise<number> {
  const { total, each } = await timeCommands(commands);
  for (const [name, ms] of each) perCommand.set(name, [...(perCommand.get(name) ?? []), ms]);
  return total;
}

let lastBuildSteps: string[] = [];
async function timePipeline(): Promise<number> {
  const { total, steps } = await timeBuild();
  lastBuildSteps = [...steps].map(([name, ms]) => `✔ ${name} (${ms} ms)`);
  return total;
}

await ensureSpectralCli();
const out = await mkdtemp(path.join(os.tmpdir(), 'bench-pipeline-'));
try {
  const commands = await cliCommands(out);
  await timeClis(commands); // warm both (file cache)
  await timePipeline();
  const samples = { build: [] as number[], clis: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    samples.clis.push(await timeClis(commands));
    samples.build.push(await timePipeline());
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
