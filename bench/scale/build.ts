// The build of a subject (a scaled copy of this repo, or a copy pointed at a real contract) beside the bare
// CLIs doing its work (bench/lib/clis.ts): the whole build (its steps overlap: one process, a worker,
// build-docs' child) beside the CLIs one after the other, then each step run alone (`npm run build -- --only
// <step>`) beside the CLIs doing that step's work; time, CPU time and peak memory (bench/lib/measure.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type CliCommand,
  type Cost,
  cliCommands,
  ensureSpectralCli,
  type Subject,
  timeBuild,
  timeCommands,
} from '../lib/clis.ts';
import { alternateEach, median, mib, type Row } from './stats.ts';

const STEPS = ['lint', 'bundle', 'types', 'packages', 'docs'] as const;

type Sides = { ours: Cost[]; bare: Cost[] };

/** Ours and the CLIs, alternated `rounds` times: each side's costs. */
async function sideBySide(
  rounds: number,
  ours: () => Promise<Cost>,
  bare: () => Promise<Cost>,
): Promise<Sides> {
  const sides: Sides = { ours: [], bare: [] };
  await alternateEach(rounds, [ours, bare], (t, _ms, cost) => (t === 0 ? sides.ours : sides.bare).push(cost));
  return sides;
}

const medianOf = (costs: Cost[], key: keyof Cost) => median(costs.map((c) => c[key]));

function rowsOf(label: string, sides: Sides, cpu: boolean): Row[] {
  const row = (what: string, key: keyof Cost, unit: Row['unit'], f = (x: number) => x): Row => ({
    what: `${label}${what}`,
    ours: f(medianOf(sides.ours, key)),
    bare: f(medianOf(sides.bare, key)),
    unit,
  });
  return [
    row('', 'total', 'ms'),
    ...(cpu ? [row(', CPU time', 'cpu', 'ms')] : []),
    row(', peak memory', 'peak', 'MiB', mib),
  ];
}

/** Each step run alone (`--only <step>`) beside the CLIs doing its work, alternated. */
async function stepRows(subject: Subject, commands: CliCommand[], rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const step of STEPS) {
    const mine = commands.filter((c) => c.step === step);
    const sides = await sideBySide(
      rounds,
      () => timeBuild(subject, step),
      () => timeCommands(mine, subject.repo),
    );
    rows.push(...rowsOf(`build --only ${step} (vs its CLIs)`, sides, false));
  }
  return rows;
}

/** The whole build beside all the CLIs one after another (wall, CPU, peak memory), then, with `steps`, each step. */
export async function buildRows(subject: Subject, rounds: number, steps = true): Promise<Row[]> {
  await ensureSpectralCli();
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-clis-'));
  try {
    const commands = await cliCommands(out, subject);
    const sides = await sideBySide(
      rounds,
      () => timeBuild(subject),
      () => timeCommands(commands, subject.repo),
    );
    // CPU time does not depend on what else the machine runs; the wall time's gain from overlap does.
    return [
      ...rowsOf('build: whole (npm run build vs the CLIs one after another)', sides, true),
      ...(steps ? await stepRows(subject, commands, rounds) : []),
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
