// Property-based: random and malformed bodies, headers, path segments and paths. Every answer is a
// 2xx or a 4xx error envelope about the real path — never a 5xx, a hang or a dropped connection.

import { jsonBodySchema } from '@banking-api/conformance';
import fc from 'fast-check';
import type { Agent } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accountId, type RawAnswer, raw, rawAgent } from '../../support/clients.ts';
import type { TestMock } from '../../support/mock-server.ts';
import { validRequest } from '../../support/requests.ts';
import { sharedMock } from '../../support/session.ts';
import type { Operation, Spec } from '../../support/spec.ts';

let mock: TestMock;
let spec: Spec;
let agent: Agent;
let auth: Record<string, string>;

export function propertiesSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    agent = rawAgent(mock);
    auth = { authorization: `Bearer ${await mock.token()}`, 'x-account-id': accountId };
  });
  afterAll(async () => {
    await agent?.close();
  });

  const runs = { numRuns: 50 };

  function expectWellFormed(answer: RawAnswer, path: string) {
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status, answer.text).toBeLessThan(500);
    if (answer.status < 400) return;
    expect(spec.validateEnvelope(answer.body), answer.text).toEqual([]);
    expect((answer.body as { status_code: number }).status_code).toBe(answer.status);
    expect((answer.body as { path: string }).path).toBe(path);
  }

  const anyOp = () => fc.constantFrom(...spec.operations);
  const send = (o: Operation, url: string, headers: Record<string, string>, body?: string | Buffer) =>
    raw(agent, mock.url + url, { method: o.method, headers, ...(body === undefined ? {} : { body }) });
  const pathOf = (url: string) => url.split('?')[0] ?? url;

  test('random JSON bodies to every operation', async () => {
    await fc.assert(
      fc.asyncProperty(anyOp(), fc.jsonValue(), async (o, value) => {
        const { url } = validRequest(o);
        const headers = { ...auth, 'content-type': 'application/json' };
        expectWellFormed(await send(o, url, headers, JSON.stringify(value)), pathOf(url));
      }),
      runs,
    );
  });

  test('valid bodies with one field replaced by anything', async () => {
    const withBodies = spec.operations.filter((o) => jsonBodySchema(o));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withBodies), fc.nat(), fc.jsonValue(), async (o, pick, value) => {
        const { url, body } = validRequest(o);
        const fields = Object.keys((body ?? {}) as object);
        const mutated = fields.length
          ? { ...(body as object), [fields[pick % fields.length] as string]: value }
          : value;
        const headers = { ...auth, 'content-type': 'application/json' };
        expectWellFormed(await send(o, url, headers, JSON.stringify(mutated)), pathOf(url));
      }),
      runs,
    );
  });

  test('malformed bytes under any content type', async () => {
    const contentType = fc.constantFrom(
      'application/json',
      'multipart/form-data',
      'text/plain',
      'application/xml',
      '',
    );
    await fc.assert(
      fc.asyncProperty(anyOp(), fc.uint8Array({ maxLength: 2048 }), contentType, async (o, bytes, type) => {
        const { url } = validRequest(o);
        const headers: Record<string, string> = { ...auth, ...(type ? { 'content-type': type } : {}) };
        expectWellFormed(await send(o, url, headers, Buffer.from(bytes)), pathOf(url));
      }),
      runs,
    );
  });

  test('random headers and header values', async () => {
    // Any header but Prefer, with which a caller asks Prism for a response of its choice.
    const name = fc
      .stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
      .filter((n) => n !== 'prefer' && n !== 'content-length');
    const value = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '').trim());
    await fc.assert(
      fc.asyncProperty(anyOp(), fc.dictionary(name, value, { maxKeys: 6 }), async (o, extra) => {
        const { url, body } = validRequest(o);
        const json = jsonBodySchema(o) !== undefined;
        const headers = { 'content-type': 'application/json', ...auth, ...extra };
        expectWellFormed(await send(o, url, headers, json ? JSON.stringify(body) : undefined), pathOf(url));
      }),
      runs,
    );
  });

  test('random path segments for every path parameter', async () => {
    const withParams = spec.operations.filter((o) => o.parameters.some((p) => p.in === 'path'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withParams),
        fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }),
        async (o, segment) => {
          const { body } = validRequest(o);
          const path = o.path.replace(/\{[^}]+\}/g, encodeURIComponent(segment));
          const headers = { ...auth, 'content-type': 'application/json' };
          expectWellFormed(
            await send(o, path, headers, body === undefined ? undefined : JSON.stringify(body)),
            path,
          );
        },
      ),
      runs,
    );
  });

  test('random methods and paths', async () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{1,12}$/);
    await fc.assert(
      fc.asyncProperty(method, fc.array(segment, { minLength: 1, maxLength: 5 }), async (m, segments) => {
        const url = new URL(`/${segments.join('/')}`, mock.url); // as sent: "/a/./b" arrives as "/a/b"
        expectWellFormed(await raw(agent, url.href, { method: m, headers: auth }), url.pathname);
      }),
      runs,
    );
  });
}
