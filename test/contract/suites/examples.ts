// Every named response example of every operation, served by Prism with --errors (as in CI): an
// example that breaks its own schema comes back as a 500 and fails here. A deliberately broken copy
// of the spec shows that the check catches it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openapiPath } from '@banking-api/contract';
import { describe, expect, test } from 'vitest';
import { startPrism } from '../../support/processes.ts';
import { callOperation } from '../helpers/clients.ts';
import { validRequest } from '../helpers/requests.ts';
import { useSession } from '../helpers/shared.ts';
import type { Operation } from '../helpers/spec.ts';

interface Case {
  op: Operation;
  status: string;
  example: string;
}

/** Every (operation, response status, named example) of the contract. */
function namedExamples(operations: readonly Operation[]): Case[] {
  return operations.flatMap((op) =>
    op.responses.flatMap((response) =>
      response.content.flatMap((media) =>
        media.examples.map((example) => ({ op, status: response.status, example: example.name })),
      ),
    ),
  );
}

export function examplesSuite(): void {
  const session = useSession();

  test('every operation has named response examples, and each one is served intact', async () => {
    const cases = namedExamples(session.spec.operations);
    expect(new Set(cases.map((c) => c.op.key)).size).toBe(session.spec.operations.length);
    for (const { op, status, example } of cases) {
      const { params, body } = validRequest(op);
      const code = status.replace(/XX$/, '00');
      const result = await callOperation(session.client, op, {
        params,
        body,
        headers: { prefer: `code=${code}, example=${example}` },
      });
      const answer = result.data ?? result.error;
      const label = `${op.operationId} ${status} ${example}: ${JSON.stringify(answer)}`;
      expect(result.response.status, label).toBe(Number(code));
      expect(session.spec.validateResponse(op, result.response.status, answer).errors, label).toEqual([]);
    }
  });

  describe('the --errors check itself', () => {
    test('an example that breaks its schema is served as a 500 with the violation named', async () => {
      const broken = JSON.parse(await readFile(openapiPath, 'utf8'));
      broken.components.examples.AccountHolderUpdatedExample.value.holder.updatedAt = 12345;
      const path = join(session.mock.mock.pki.dir, '..', `broken-${process.pid}.json`);
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
