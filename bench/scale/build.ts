// The build of a scaled repo beside the bare CLIs doing its work (bench/lib/clis.ts): the whole build (its steps
// overlap: one process, a worker, build-docs' child) beside the CLIs one after the other, then each step run
// alone (`npm run build -- --only <step>`) beside the CLIs doing that step's work.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CliCommand, cliCommands, ensureSpectralCli, timeBuild, timeCommands } from '../lib/clis.ts';
import { alternate, median, type Row } from './stats.ts';

const STEPS = ['lint', 'bundle', 'types', 'packages', 'docs'] as const;

/** Each step run alone (`--only <step>`) beside the CLIs doing its work, alternated. */
async function stepRows(repo: string, commands: CliCommand[], rounds: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const step of STEPS) {
    const mine = commands.filter((c) => c.step === step);
    const [ours, bare] = await alternate(rounds, [
      () => timeBuild(repo, step),
      () => timeCommands(mine, repo),
    ]);
    rows.push({
      what: `build --only ${step} (vs its CLIs)`,
      ours: ours as number,
      bare: bare as number,
      unit: 'ms',
    });
  }
  return rows;
}

/** The whole build beside all the CLIs one after another (wall and CPU time), then, with `steps`, each step alone. */
export async function buildRows(repo: string, rounds: number, steps = true): Promise<Row[]> {
  await ensureSpectralCli();
  const out = await mkdtemp(path.join(os.tmpdir(), 'bench-scale-clis-'));
  try {
    const commands = await cliCommands(out, repo);
    const cpu = { build: [] as number[], clis: [] as number[] };
    const [build, clis] = await alternate(rounds, [
      async () => cpu.build.push((await timeBuild(repo)).cpu),
      async () => cpu.clis.push((await timeCommands(commands, repo)).cpu),
    ]);
    return [
      {
        what: 'build: whole (npm run build vs the CLIs one after another)',
        ours: build as number,
        bare: clis as number,
        unit: 'ms',
      },
      // CPU time does not depend on what else the machine runs; the wall time's gain from overlap does.
      {
        what: "build: whole, CPU time (vs the CLIs' CPU time)",
        ours: median(cpu.build),
        bare: median(cpu.clis),
        unit: 'ms',
      },
      ...(steps ? await stepRows(repo, commands, rounds) : []),
    ];
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
