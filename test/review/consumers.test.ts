// Consumers by what they read (issue 36): teams record their usage in their own test runs against a real
// mock over mTLS: one with the mock's record (what it was sent), two with the client's `recordUsage` (what
// their code sent and read: one reads `card.cardProxy`, the other `card.status`). Committed as
// consumers/<team>.json, the files make the review name on each break only the teams whose recorded usage it
// touches, and say which teams' files cannot tell (the mock's knows nothing of reads).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { recordUsage } from '@banking-api/client';
import type { UsageDocument } from '@banking-api/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { specPath } from '../../scripts/paths.ts';
import { readConsumers } from '../../tools/review/consumers.ts';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';
import { bankingClient } from '../support/clients.ts';
import { startTestMock } from '../support/mock-server.ts';
import { fixtureDir } from './helpers.ts';

const CARDS = 'POST /hb/cards/create';
const LOGS = 'GET /hb/webhook/logs';
const BODY = { alias: 'Travel', password: '1234', typeCard: 'Virtual' as const, programId: 1 };
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
const files: Record<string, UsageDocument> = {};
let review: Review;

beforeAll(async () => {
  tmp = await fixtureDir();
  const mock = await startTestMock();
  try {
    const token = await mock.token();
    for (const [team, reads] of [
      ['reads-proxy', 'cardProxy'],
      ['reads-status', 'status'],
    ] as const) {
      const recorded = recordUsage(bankingClient(mock, token));
      const { data } = await recorded.client.POST('/hb/cards/create', { body: BODY });
      expect(data?.card[reads]).toBeDefined();
      files[team] = recorded.usage();
      await recorded.client.close();
    }
    // The mock records an answer once its response has closed, a moment after the client has read it.
    for (let i = 0; i < 100 && (mock.mock.usage().operations[CARDS]?.calls ?? 0) < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    files['mock-only'] = mock.mock.usage();
  } finally {
    await mock.stop();
  }
  const consumersDir = path.join(tmp.dir, 'consumers');
  await mkdir(consumersDir);
  for (const [team, usage] of Object.entries(files))
    await writeFile(path.join(consumersDir, `${team}.json`), JSON.stringify(usage));
  // Three breaks: a required request field (every sender), `card.status` removed (its readers), the logs gone.
  const doc = parse(await readFile(specPath, 'utf8'));
  const request =
    doc.components.schemas[
      doc.paths['/hb/cards/create'].post.requestBody.content['application/json'].schema.$ref.split('/').pop()
    ];
  request.properties.branchCode = { type: 'string' };
  request.required = [...(request.required ?? []), 'branchCode'];
  const card = JSON.stringify(doc.paths['/hb/cards/create'].post.responses['200']);
  const cardSchema = /#\/components\/schemas\/(\w+)/.exec(card)?.[1] as string;
  const holder = doc.components.schemas[cardSchema].properties.card;
  const target = holder.$ref ? doc.components.schemas[holder.$ref.split('/').pop()] : holder;
  delete target.properties.status;
  target.required = (target.required ?? []).filter((n: string) => n !== 'status');
  delete doc.paths['/hb/webhook/logs'];
  const headFile = path.join(tmp.dir, 'openapi.yaml');
  await writeFile(headFile, stringify(doc));
  review = await reviewSpecs({
    baseFile: specPath,
    headFile,
    baseLabel: 'base',
    headLabel: 'head',
    consumersDir,
  });
}, 120_000);
afterAll(() => tmp?.dispose());

const finding = (rule: string, operation = CARDS) =>
  review.findings.find((f) => f.rule === rule && f.operation === operation);

describe('what each team recorded', () => {
  it("the client's file: what the code sent and read; the mock's: what it was sent, no reads", () => {
    expect(files['reads-proxy']?.operations[CARDS]).toMatchObject({
      calls: 1,
      responseFields: { card: 1, 'card.cardProxy': 1 },
    });
    expect(files['reads-status']?.operations[CARDS]?.responseFields).toEqual({ card: 1, 'card.status': 1 });
    expect(files['mock-only']).toMatchObject({ recordedBy: 'mock', operations: { [CARDS]: { calls: 2 } } });
    expect(files['mock-only']?.operations[CARDS]).not.toHaveProperty('responseFields');
    const text = JSON.stringify(files);
    for (const value of Object.values(BODY)) if (typeof value === 'string') expect(text).not.toContain(value);
  });
});

describe('the review with consumers/', () => {
  it('a request field made required hits every team that sends the body', () => {
    expect(finding('property-added')).toMatchObject({
      level: 'breaking',
      consumers: ['mock-only', 'reads-proxy', 'reads-status'],
    });
  });

  it('a response field removed hits the team that reads it, spares the one that does not, and says whose file cannot tell', () => {
    expect(finding('property-removed')).toMatchObject({
      level: 'breaking',
      consumers: ['reads-status'],
      consumersUnknown: ['mock-only'],
    });
  });

  it('an operation nobody called hits no known consumer', () => {
    expect(finding('path-removed', LOGS)?.consumers).toEqual([]);
    expect(review.consumers).toEqual(['mock-only', 'reads-proxy', 'reads-status']);
  });

  it('the lenient gate waves through only the breaks no consumer is or may be hit by', async () => {
    const lenient = await reviewSpecs({
      baseFile: specPath,
      headFile: path.join(tmp.dir, 'openapi.yaml'),
      baseLabel: 'base',
      headLabel: 'head',
      consumersDir: path.join(tmp.dir, 'consumers'),
      allowUnconsumed: true,
    });
    expect(lenient.gate.breakingOperations).toEqual([CARDS]);
    expect(lenient.gate.passed).toBe(false);
  });

  it('refuses a malformed usage file with its name', async () => {
    await writeFile(path.join(tmp.dir, 'consumers', 'broken.json'), JSON.stringify({ usageVersion: 3 }));
    await expect(readConsumers(path.join(tmp.dir, 'consumers'))).rejects.toThrow(
      /broken\.json: not a usage file/,
    );
  });
});
