// Consumers named (issue 26): a real mock session records what a consumer's test run used; its usage file,
// committed as consumers/<team>.json, makes the review name that team on a break of what it used, and not
// on a break of an operation it never called. The usage file holds names and counts, never values.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asText, contractModel, exampleRequest, fillPath } from '@banking-api/contract';
import type { UsageDocument } from '@banking-api/mock';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specPath } from '../../scripts/paths.ts';
import { readConsumers } from '../../tools/review/consumers.ts';
import { type Review, reviewSpecs } from '../../tools/review/run.ts';
import { startTestMock, type TestMock } from '../support/mock-server.ts';
import { fixtureDir } from './helpers.ts';

const CARDS = 'POST /hb/cards/create';
const LOGS = 'GET /hb/webhook/logs';
let tmp: Awaited<ReturnType<typeof fixtureDir>>;
let usage: UsageDocument;
let adminUsage: unknown;
let sentBody: string;

/** One call of `key` with the contract's example request, over mTLS with a dev token. */
async function call(mock: TestMock, key: string, agent: Agent): Promise<number> {
  const op = contractModel().operations.find((o) => o.key === key);
  if (!op) throw new Error(`no operation ${key}`);
  const example = exampleRequest(op);
  const headers: Record<string, string> = { authorization: `Bearer ${await mock.token()}` };
  for (const [name, value] of Object.entries(example.header)) headers[name] = asText(value);
  if (example.body) headers['content-type'] = example.body.media.mediaType;
  sentBody = example.body ? JSON.stringify(example.body.value) : '';
  const url = `${mock.url}${fillPath(op.path, example.path)}`;
  const res = await request(url, {
    method: op.method,
    headers,
    body: sentBody || undefined,
    dispatcher: agent,
  });
  await res.body.text();
  return res.statusCode;
}

beforeAll(async () => {
  tmp = await fixtureDir();
  const mock = await startTestMock();
  const client = mock.mock.clients.sandbox;
  const agent = new Agent({ connect: { ca: mock.mock.ca, cert: client.cert, key: client.key } });
  try {
    expect(await call(mock, CARDS, agent)).toBeLessThan(300);
    // The mock records an answer once its response has closed, a moment after the client has read it.
    for (let i = 0; i < 100 && !mock.mock.usage().operations[CARDS]; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    usage = mock.mock.usage();
    const admin = await request(`${mock.url}/__mock/usage`, {
      headers: { authorization: `Bearer ${await mock.mock.adminToken()}` },
      dispatcher: agent,
    });
    adminUsage = await admin.body.json();
  } finally {
    await agent.close();
    await mock.stop();
  }
}, 60_000);
afterAll(() => tmp?.dispose());

describe('the usage a mock session records', () => {
  it('names the operation, its parameters and fields, with counts and no value', () => {
    expect(usage).toMatchObject({ usageVersion: 1, contract: { version: contractModel().version } });
    expect(Object.keys(usage.operations)).toEqual([CARDS]);
    const cards = usage.operations[CARDS];
    expect(cards?.calls).toBe(1);
    expect(cards?.parameters).toEqual({ 'x-account-id': 1 });
    expect(Object.keys(cards?.requestFields ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(cards?.responseFields ?? {}).length).toBeGreaterThan(0);
    const text = JSON.stringify(usage);
    for (const value of Object.values(JSON.parse(sentBody) as Record<string, unknown>))
      if (typeof value === 'string' && value.length > 3) expect(text).not.toContain(value);
  });

  it('is served by the admin route as well', () => {
    expect(adminUsage).toEqual(usage);
  });
});

describe('the review with consumers/', () => {
  let review: Review;
  const consumersDir = () => path.join(tmp.dir, 'consumers');

  beforeAll(async () => {
    await mkdir(consumersDir(), { recursive: true });
    await writeFile(path.join(consumersDir(), 'cards-team.json'), JSON.stringify(usage));
    const text = await readFile(specPath, 'utf8');
    const { parse, stringify } = await import('yaml');
    const doc = parse(text);
    // Two breaks: CreateCardRequest gains a required field (the team calls createCard); the logs go away.
    const cardsSchema = doc.paths['/hb/cards/create'].post.requestBody.content['application/json'].schema.$ref
      .split('/')
      .pop();
    const schema = doc.components.schemas[cardsSchema];
    schema.properties.branchCode = { type: 'string' };
    schema.required = [...(schema.required ?? []), 'branchCode'];
    delete doc.paths['/hb/webhook/logs'];
    const headFile = path.join(tmp.dir, 'openapi.yaml');
    await writeFile(headFile, stringify(doc));
    review = await reviewSpecs({
      baseFile: specPath,
      headFile,
      baseLabel: 'base',
      headLabel: 'head',
      consumersDir: consumersDir(),
    });
  }, 120_000);

  it('names the team on the break of an operation it used', () => {
    const cards = review.findings.filter((f) => f.operation === CARDS && f.level === 'breaking');
    expect(cards.length).toBeGreaterThan(0);
    for (const f of cards) expect(f.consumers).toEqual(['cards-team']);
  });

  it('says a break of an operation nobody used hits no known consumer', () => {
    const logs = review.findings.filter((f) => f.operation === LOGS && f.level === 'breaking');
    expect(logs.length).toBeGreaterThan(0);
    for (const f of logs) expect(f.consumers).toEqual([]);
    expect(review.consumers).toEqual(['cards-team']);
  });

  it('lets the gate policy wave through only the breaks no consumer is hit by', async () => {
    const headFile = path.join(tmp.dir, 'openapi.yaml');
    const lenient = await reviewSpecs({
      baseFile: specPath,
      headFile,
      baseLabel: 'base',
      headLabel: 'head',
      consumersDir: consumersDir(),
      allowUnconsumed: true,
    });
    expect(lenient.gate.breakingOperations).toEqual([CARDS]);
    expect(lenient.gate.passed).toBe(false);
  }, 120_000);

  it('refuses a malformed usage file with its name', async () => {
    await writeFile(path.join(consumersDir(), 'broken.json'), JSON.stringify({ usageVersion: 2 }));
    await expect(readConsumers(consumersDir())).rejects.toThrow(/broken\.json: not a usage file/);
  });
});
