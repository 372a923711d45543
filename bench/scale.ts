// Scale benchmark: `npx tsx bench/scale.ts [--operations 22,462] [--contracts pix,stripe] [--rounds 3]
// [--only build,steps,review,...]`. Each subject is a throw-away copy of the repo: for `--operations`, its
// contract has every path copied under new prefixes (scripts/scale-contract.ts); for `--contracts`, the copy
// is pointed at a real public contract (scripts/real-contracts.ts, test/fixtures/contracts/) as a new user
// would point it at theirs. Each is built and measured: the build, each build step, the review of a one-line
// edit, (for our copies) mock start and CPU per request, the site's size and time to a hydrated and a
// searchable page, and a consumer's type check, each beside the bare tool doing the same work in the same run
// (its CLI, `redocly diff`, bare Prism, plain Redoc, openapi-fetch with openapi-typescript): time, and peak
// memory (the VmHWM of each process of the command's tree, bench/lib/measure.ts). Prints ours, bare,
// ours/bare, and for copies how each figure grew against the smallest size, per operation (1.00 = linear).
import './../scripts/env.ts';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { contractChoiceOf } from '../scripts/contract.ts';
import { realContract, realContractRepo } from '../scripts/real-contracts.ts';
import { scaledRepo } from '../scripts/scale-contract.ts';
import { ownSubject, type Subject, timeBuild } from './lib/clis.ts';
import { buildRows } from './scale/build.ts';
import { consumerRows } from './scale/consumer.ts';
import { docsRows } from './scale/docs.ts';
import { mockRows } from './scale/mock.ts';
import { reviewRows } from './scale/review.ts';
import type { Row } from './scale/stats.ts';

const PARTS = ['build', 'steps', 'review', 'mock', 'docs', 'consumer'] as const;
const { values } = parseArgs({
  options: {
    operations: { type: 'string' },
    contracts: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: PARTS.join(',') },
    keep: { type: 'boolean', default: false },
  },
});
const OPERATIONS_PER_COPY = 22;
const sizes = (values.operations ?? (values.contracts ? '' : '22,462'))
  .split(',')
  .filter(Boolean)
  .map(Number);
const contracts = (values.contracts ?? '').split(',').filter(Boolean).map(realContract);
const rounds = Number(values.rounds);
const only = new Set((values.only as string).split(','));

/** A part's rows, or none when it fails: the failure is printed, and the other parts go on. */
async function part(name: string, rows: () => Promise<Row[]>): Promise<Row[]> {
  try {
    return await rows();
  } catch (error) {
    console.error(`✖ ${name}: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}

/** Every selected part measured on one subject (the build first: the others read its output). */
async function measure(subject: Subject, copies: number | undefined): Promise<Row[]> {
  try {
    const rows = only.has('build')
      ? await part('build', () => buildRows(subject, rounds, only.has('steps')))
      : [];
    // The site, the mock and the consumer read the build's output; the review reads only the contract.
    const needsBuild = ['docs', 'mock', 'consumer'].some((p) => only.has(p));
    if (!only.has('build') && needsBuild) await timeBuild(subject);
    if (only.has('review')) rows.push(...(await part('review', () => reviewRows(subject, rounds))));
    if (only.has('mock') && copies)
      rows.push(...(await part('mock', () => mockRows(subject.repo, copies, rounds))));
    if (only.has('docs')) rows.push(...(await part('docs', () => docsRows(subject, rounds))));
    if (only.has('consumer') && copies)
      rows.push(...(await part('consumer', () => consumerRows(subject.repo, copies, rounds))));
    return rows;
  } finally {
    if (values.keep) console.log(`kept ${subject.repo}`);
    else await rm(subject.repo, { recursive: true, force: true });
  }
}

const figure = (value: number, unit: Row['unit']) =>
  unit === 'ms/req'
    ? `${value.toFixed(3)} ms`
    : unit === 'KiB' || unit === 'MiB'
      ? `${value.toFixed(0)} ${unit}`
      : `${(value / 1000).toFixed(2)} s`;

function print(title: string, rows: Row[], first?: { rows: Row[]; factor: number }): void {
  console.log(`\n${title}, ${rounds} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`);
  console.log(`${'what'.padEnd(72)} ${'ours'.padStart(10)} ${'bare'.padStart(10)}  ours/bare  growth/op`);
  for (const row of rows) {
    const base = first?.rows.find((r) => r.what === row.what);
    const growth = base && first ? (row.ours / base.ours / first.factor).toFixed(2).padStart(9) : '';
    console.log(
      `${row.what.padEnd(72)} ${figure(row.ours, row.unit).padStart(10)} ${figure(row.bare, row.unit).padStart(10)}  ${(row.ours / row.bare).toFixed(2).padStart(9)}  ${growth}`,
    );
  }
}

const results = new Map<number, Row[]>();
for (const operations of sizes) {
  if (operations % OPERATIONS_PER_COPY) throw new Error(`--operations: multiples of ${OPERATIONS_PER_COPY}`);
  const copies = operations / OPERATIONS_PER_COPY;
  const rows = await measure(ownSubject(await scaledRepo(copies)), copies);
  results.set(operations, rows);
  const smallest = sizes[0] as number;
  const first =
    operations === smallest
      ? undefined
      : { rows: results.get(smallest) ?? rows, factor: operations / smallest };
  print(`${operations} operations (${copies} copies)`, rows, first);
}
for (const contract of contracts) {
  const { repo, spec } = await realContractRepo(contract);
  const { rules, ours } = contractChoiceOf(spec);
  const rows = await measure({ repo, spec, rules, ours }, undefined);
  print(`${contract.name} (${path.relative(repo, spec)}, ${contract.stored})`, rows);
}
