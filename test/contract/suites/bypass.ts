// One reading of the request target, tried from outside: no spelling of a path gets an operation past
// its scope check, spellings of a path reach that path's operation, and targets that cannot be read
// one way only are refused with 400, while the mock goes on serving.
import { wireBody as firstBody, scopedOperations as scoped, spellingOf } from '@banking-api/conformance';
import fc from 'fast-check';
import { beforeAll, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { validRequest } from '../../support/requests.ts';
import { sharedMock } from '../../support/session.ts';
import type { Spec } from '../../support/spec.ts';
import { requestBytes, sendToMock } from './wire.ts';

let mock: TestMock;
let spec: Spec;
let noScopes: string;
let allScopes: string;

export function bypassSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    noScopes = await mock.token('sandbox', { scopes: [] });
    allScopes = await mock.token();
  });

  test('the spellings that slipped past before: 403 without the scope, served with it', async () => {
    const ops = scoped(spec.operations);
    expect(ops.length).toBeGreaterThan(0);
    for (const op of ops) {
      const { url } = validRequest(op);
      const [path, query] = url.split('?');
      const tail = query ? `?${query}` : '';
      const last = path?.split('/').at(-1) ?? '';
      const head = path?.slice(0, -last.length) ?? '';
      const spellings = [
        `${head}%${last.charCodeAt(0).toString(16)}${last.slice(1)}`, // /hb/webhook/%6cogs
        `${head}./${last}`,
        `${head}x/../${last}`,
        `http://x${path}`,
        `${head.replace(/\//g, '//')}${last}`,
      ];
      for (const spelling of spellings) {
        const refused = await sendToMock(mock, requestBytes(op, spelling + tail, noScopes));
        expect(refused.status, `${op.method} ${spelling}`).toBe(403);
        expect(firstBody(refused)).toMatchObject({ status_code: 403, code: 'FORBIDDEN' });
        const served = await sendToMock(mock, requestBytes(op, spelling + tail, allScopes));
        expect(served.status, `${op.method} ${spelling} with the scope`).toBeLessThan(300);
      }
    }
  });

  test('no 2xx without the scope under any spelling of the path', async () => {
    const ops = scoped(spec.operations);
    const cases = fc.constantFrom(...ops).chain((op) => {
      const [path, query] = validRequest(op).url.split('?');
      return spellingOf(path ?? '/').map((target) => ({ op, target: query ? `${target}?${query}` : target }));
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ op, target }) => {
        const answer = await sendToMock(mock, requestBytes(op, target, noScopes));
        expect(answer.closed, target).toBe(true);
        expect(answer.status, target).toBeGreaterThanOrEqual(400);
        expect(answer.status, target).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  test('targets that could be read two ways: 400 envelope, and the mock goes on', async () => {
    const [op] = spec.operations.filter((o) => o.parameters.some((p) => p.in === 'path'));
    if (!op) throw new Error('the model has no operation with a path parameter');
    const { url } = validRequest(op);
    const prefix = url.slice(0, url.lastIndexOf('/') + 1);
    const targets = ['%ZZ', '%C0%AE%C0%AE', '%E0%A4%A', 'a%00b', 'a%2Fb', '%2E%2E', 'a%5Cb'].map(
      (t) => prefix + t,
    );
    for (const target of [...targets, '*']) {
      const answer = await sendToMock(mock, requestBytes(op, target, allScopes));
      expect(answer.status, target).toBe(400);
      expect(firstBody(answer), target).toMatchObject({ status_code: 400, code: 'VALIDATION_ERROR' });
    }
    const served = await sendToMock(mock, requestBytes(op, url, allScopes));
    expect(served.status).toBeLessThan(300);
  });
}
