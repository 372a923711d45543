import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bearerScopes, contractModel } from '@banking-api/contract';
import { verifyCommand } from '@banking-api/verify';
import { expect, test } from 'vitest';
import { startTestMock } from '../support/mock-server.ts';

test('print', async () => {
  const mock = await startTestMock({ stateful: process.env.STATEFUL === '1' });
  const dir = await mkdtemp(join(tmpdir(), 'verify-print-'));
  const { pki } = mock.mock;
  await writeFile(join(dir, 'ca.pem'), pki.serverCa);
  await writeFile(join(dir, 'client.pem'), pki.clients.sandbox.cert);
  await writeFile(join(dir, 'client-key.pem'), pki.clients.sandbox.key);
  const scopes = [...new Set(contractModel().operations.flatMap((op) => bearerScopes(op).flat()))];
  const token = await mock.token('sandbox', { scopes });
  const lines: string[] = [];
  const started = Date.now();
  const out = await verifyCommand(
    [
      '--target',
      mock.url,
      '--ca',
      join(dir, 'ca.pem'),
      '--cert',
      join(dir, 'client.pem'),
      '--key',
      join(dir, 'client-key.pem'),
      '--token',
      token,
    ],
    { log: (t) => lines.push(t), error: (t) => lines.push(t) },
  );
  console.log(`WALL ${Date.now() - started} ms`);
  console.log(lines.join('\n'));
  await mock.stop();
  expect(out.code).toBeDefined();
}, 120_000);
