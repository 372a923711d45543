// Every named response example of every operation, served by Prism with --errors (as in CI): an
// example that breaks its own schema comes back as a 500 and fails here. A deliberately broken copy
// of the spec shows that the check catches it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startPrism } from '@banking-api/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { bankingClient } from '../helpers/clients.ts';
import { cnabForm, validRequest } from '../helpers/requests.ts';
import { sharedMock } from '../helpers/shared.ts';
import type { Spec } from '../helpers/spec.ts';

let mock: TestMock;
let spec: Spec;
let client: ReturnType<typeof bankingClient>;

export function examplesSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    client = bankingClient(mock, await mock.token());
  });
  afterAll(async () => {
    await client?.close();
  });

  interface Case {
    operationId: string;
    status: string;
    example: string;
  }

  function namedExamples(): Case[] {
    const cases: Case[] = [];
    for (const op of spec.operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const media of Object.values<{ examples?: object }>(spec.deref(response).content ?? {})) {
          for (const example of Object.keys(media.examples ?? {}))
            cases.push({ operationId: op.operationId, status, example });
        }
      }
    }
    return cases;
  }

  test('every operation has named response examples, and each one is served intact', async () => {
    const cases = namedExamples();
    expect(new Set(cases.map((c) => c.operationId)).size).toBe(22);
    for (const { operationId, status, example } of cases) {
      const op = spec.operations.find((o) => o.operationId === operationId);
      if (!op) throw new Error(operationId);
      const { params, body } = validRequest(op, spec);
      const code = status.replace(/XX$/, '00');
      const init = { params, body, headers: { prefer: `code=${code}, example=${example}` } };
      const result =
        op.body?.mediaType === 'multipart/form-data'
          ? await client.POST('/hb/cnab/240/files', { ...init, bodySerializer: () => cnabForm() } as never)
          : // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the spec
            await (client as any)[op.method](op.template, init);
      const answer = result.data ?? result.error;
      const label = `${operationId} ${status} ${example}: ${JSON.stringify(answer)}`;
      expect(result.response.status, label).toBe(Number(code));
      expect(spec.validateResponse(op, result.response.status, answer).errors, label).toEqual([]);
    }
  });

  describe('the --errors check itself', () => {
    test('an example that breaks its schema is served as a 500 with the violation named', async () => {
      const broken = structuredClone(spec.doc);
      broken.components.examples.AccountHolderUpdatedExample.value.holder.updatedAt = 12345;
      const path = join(mock.mock.pki.dir, '..', `broken-${process.pid}.json`);
      await writeFile(path, JSON.stringify(broken));
      const prism = await startPrism({ mode: 'mock', specPath: path, errors: true });
      try {
        const res = await fetch(`${prism.url}/hb/accounts/account-holders`, {
          method: 'PUT',
          headers: { authorization: 'Bearer x', 'x-account-id': 'a', 'content-type': 'application/json' },
          body: JSON.stringify({ registerName: 'x' }),
        });
        expect(res.status).toBe(500);
        expect(res.headers.get('sl-violations') ?? (await res.text())).toMatch(/updatedAt/);
      } finally {
        await prism.stop();
      }
    });
  });
}
