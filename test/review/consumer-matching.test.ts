// tools/review/consumers.ts on its own: which teams a breaking finding hits, spares or cannot tell about.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nameConsumers, readConsumers } from '../../tools/review/consumers.ts';
import type { FieldUse, Finding } from '../../tools/review/finding.ts';
import { fixtureDir } from './helpers.ts';

const OP = 'POST /x';
const breaking = (fields: FieldUse[]): Finding => ({
  id: `r:${OP}:#`,
  rule: 'r',
  level: 'breaking',
  impact: 'major',
  operation: OP,
  message: 'm',
  directions: [],
  fields,
  location: { side: 'head', file: 'openapi.yaml', line: 1, pointer: '#', headLine: 1 },
});
const usage = (version: number, use: Record<string, unknown>) => ({
  usageVersion: version,
  operations: { [OP]: { calls: 1, parameters: {}, requestFields: {}, ...use } },
});

let tmp: Awaited<ReturnType<typeof fixtureDir>>;
beforeAll(async () => {
  tmp = await fixtureDir();
  const dir = path.join(tmp.dir, 'consumers');
  await mkdir(dir);
  const files = {
    'v1-mock': usage(1, { responseFields: { card: 1, 'card.status': 1 } }), // what the mock sent, not read
    'reads-whole-card': usage(2, { responseFields: { card: 1 }, responseHeaders: {} }),
    'reads-proxy': usage(2, {
      responseFields: { card: 1, 'card.proxy': 1 },
      responseHeaders: { 'X-Rate': 1 },
    }),
    'sends-items': usage(2, {
      requestFields: { items: 1, 'items[]': 1, 'items[].id': 1 },
      parameters: { page: 1 },
    }),
  };
  for (const [team, doc] of Object.entries(files))
    await writeFile(path.join(dir, `${team}.json`), JSON.stringify(doc));
});
afterAll(() => tmp?.dispose());

const teams = async (fields: FieldUse[]) => {
  const [f] = nameConsumers([breaking(fields)], await readConsumers(path.join(tmp.dir, 'consumers')));
  return { hit: f?.consumers, unknown: f?.consumersUnknown ?? [] };
};

it("a response field: its readers and the readers of what holds it as a whole; version 1 files can't tell", async () => {
  expect(await teams([{ direction: 'response', path: 'card.status' }])).toEqual({
    hit: ['reads-whole-card'],
    unknown: ['sends-items', 'v1-mock'],
  });
});

it('a request field: the senders of it, or of something inside it', async () => {
  expect(await teams([{ direction: 'request', path: 'items[].id' }])).toMatchObject({ hit: ['sends-items'] });
  expect(await teams([{ direction: 'request', path: 'items' }])).toMatchObject({ hit: ['sends-items'] });
  expect(await teams([{ direction: 'request', path: 'other' }])).toMatchObject({ hit: [] });
});

it('a parameter and a response header by name (a header in any case); the operation as a whole: every caller', async () => {
  expect((await teams([{ direction: 'parameter', path: 'page' }])).hit).toEqual(['sends-items']);
  expect((await teams([{ direction: 'header', path: 'x-rate' }])).hit).toEqual(['reads-proxy']);
  expect((await teams([])).hit).toEqual(['reads-proxy', 'reads-whole-card', 'sends-items', 'v1-mock']);
});
