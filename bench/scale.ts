// Scale benchmark: `npx tsx bench/scale.ts [--operations 22,462] [--rounds 3] [--only build,steps,review,...]`.
// For each size, a throw-away copy of the repo whose contract has every path copied under new prefixes
// (scripts/scale-contract.ts) is built and measured: each build step, the review of a one-line edit, mock start
// and CPU per request, the site's size and time to a hydrated and a searchable page, and a consumer's type
// check, each beside the bare tool doing the same work in the same run (its CLI, `redocly diff`, bare Prism,
// plain Redoc, openapi-fetch with openapi-typescript). Prints ours, bare, ours/bare, and how each figure grew
// against the smallest size measured, per operation (1.00 = linear).
import './../scripts/env.ts';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { scaledRepo } from '../scripts/scale-contract.ts';
import { timeBuild } from './lib/clis.ts';
import { buildRows } from './scale/build.ts';
import { consumerRows } from './scale/consumer.ts';
import { docsRows } from './scale/docs.ts';
import { mockRows } from './scale/mock.ts';
import { reviewRows } from './scale/review.ts';
import type { Row } from './scale/stats.ts';

const PARTS = ['build', 'steps', 'review', 'mock', 'docs', 'consumer'] as const;
const { values } = parseArgs({
  options: {
    operations: { type: 'string', default: '22,462' },
    rounds: { type: 'string', default: '3' },
    only: { type: 'string', default: PARTS.join(',') },
    keep: { type: 'boolean', default: false },
  },
});
const OPERATIONS_PER_COPY = 22;
const sizes = (values.operations as string).split(',').map(Number);
const rounds = Number(values.rounds);
const only = new Set((values.only as string).split(','));

/** Every selected part measured on one scaled copy of the repo (the build first: the others read its output). */
async function measure(copies: number): Promise<Row[]> {
  const repo = await scaledRepo(copies);
  try {
    const rows = only.has('build') ? await buildRows(repo, rounds, only.has('steps')) : [];
    if (!only.has('build')) await timeBuild(repo);
    if (only.has('review')) rows.push(...(await reviewRows(repo, rounds)));
    if (only.has('mock')) rows.push(...(await mockRows(repo, copies, rounds)));
    if (only.has('docs')) rows.push(...(await docsRows(repo, rounds)));
    if (only.has('consumer')) rows.push(...(await consumerRows(repo, copies, rounds)));
    return rows;
  } finally {
    if (values.keep) console.log(`kept ${repo}`);
    else await rm(repo, { recursive: true, force: true });
  }
}

const figure = (value: number, unit: Row['unit']) =>
  unit === 'ms/req'
    ? `${value.toFixed(3)} ms`
    : unit === 'KiB'
      ? `${value.toFixed(0)} KiB`
      : `${(value / 1000).toFixed(2)} s`;

const results = new Map<number, Row[]>();
for (const operations of sizes) {
  if (operations % OPERATIONS_PER_COPY) throw new Error(`--operations: multiples of ${OPERATIONS_PER_COPY}`);
  const copies = operations / OPERATIONS_PER_COPY;
  const rows = await measure(copies);
  results.set(operations, rows);
  const first = results.get(sizes[0] as number) ?? rows;
  console.log(
    `\n${operations} operations (${copies} copies), ${rounds} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`${'what'.padEnd(66)} ${'ours'.padStart(10)} ${'bare'.padStart(10)}  ours/bare  growth/op`);
  for (const row of rows) {
    const base = first.find((r) => r.what === row.what);
    const growth = base ? row.ours / base.ours / (operations / (sizes[0] as number)) : Number.NaN;
    console.log(
      `${row.what.padEnd(66)} ${figure(row.ours, row.unit).padStart(10)} ${figure(row.bare, row.unit).padStart(10)}  ${(row.ours / row.bare).toFixed(2).padStart(9)}  ${operations === sizes[0] ? '' : growth.toFixed(2).padStart(9)}`,
    );
  }
}
