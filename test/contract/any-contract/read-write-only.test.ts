// OpenAPI's readOnly and writeOnly on a contract written here (issue 33): a required property marked
// `readOnly` binds responses only, so the mock takes a request body without it, and one marked `writeOnly`
// binds requests only, so the contract's response example without it is answered as it is, not replaced as
// broken. A required field with neither mark is still required. Real Prism, real mutual TLS.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../../model/load.ts';
import { raw, rawAgent } from '../../support/clients.ts';
import { startTestMock, type TestMock } from '../../support/mock-server.ts';

const contract = {
  openapi: '3.1.0',
  info: { title: 'read and write only', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        responses: {
          '201': {
            description: 'made',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                example: { id: 't-1', name: 'first' },
              },
            },
          },
          '400': { description: 'refused' },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'name', 'secret'],
        properties: {
          id: { $ref: '#/components/schemas/Id' },
          name: { type: 'string' },
          secret: { type: 'string', writeOnly: true },
          parts: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
        },
      },
      Id: { type: 'string', readOnly: true },
    },
  },
};

let work: string;
let mock: TestMock;
let agent: Agent;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'read-write-only-'));
  const source = join(work, 'openapi.json');
  await writeFile(source, JSON.stringify(contract));
  const { bundle, model } = await loadContract(source);
  const specPath = join(work, 'bundle.json');
  await writeFile(specPath, JSON.stringify(bundle));
  mock = await startTestMock({ specPath, model, errors: false });
  agent = rawAgent(mock);
}, 120_000);
afterAll(async () => {
  await agent?.close();
  await mock?.stop();
  await rm(work, { recursive: true, force: true });
});

const post = (body: unknown) =>
  raw(agent, `${mock.url}/things`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a required readOnly property in a request body', () => {
  it('may be left out, at the top and in a nested Thing: the request is valid', async () => {
    const answer = await post({ name: 'a', secret: 's', parts: [{ name: 'b', secret: 't' }] });
    expect(answer.status, answer.text).toBe(201);
  });

  it('a required field without the mark is still required: 400 names it', async () => {
    const answer = await post({ secret: 's' });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('name');
  });
});

describe('a required writeOnly property in a response', () => {
  it("may be absent: the contract's example is answered as written, with no note", async () => {
    const answer = await post({ name: 'a', secret: 's' });
    expect(answer.status, answer.text).toBe(201);
    expect(JSON.parse(answer.text)).toEqual({ id: 't-1', name: 'first' });
    expect(answer.headers['x-mock-note']).toBeUndefined();
  });
});
