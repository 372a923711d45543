// `npm run verify:real-mock -- stripe [--include GetBalance,PostCustomers] [--report out.json]`: the mock
// started on one of the real fixture contracts (scripts/real-contracts.ts), or on an OpenAPI file given by
// its path (`openapi.yaml`: ours), and verify run whole against it, as test/verify/real-contracts-mock.test.ts
// does on a sample: the longer run, for Stripe's 467 operations (~15,000 requests, ~9 minutes), which the
// suite cannot afford. Exit as verify's: 0 with no failure.
import '../../scripts/env.ts';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allScopes } from '@banking-api/contract';
import { ensureDevPki, signToken, startMock } from '@banking-api/mock';
import { verifyCommand } from '@banking-api/verify';
import { loadContract } from '../../model/load.ts';
import { commandLine } from '../../scripts/command-line.ts';
import { REAL_CONTRACTS, realContract, writeRealContract } from '../../scripts/real-contracts.ts';

const names = REAL_CONTRACTS.map((c) => c.name).join(', ');
const usage = `Usage: npm run verify:real-mock -- <${names} | openapi file> [--include ids] [--report file]
  The mock on a real fixture contract, and verify against it; exit 1 on any failure.`;
const { values, positionals } = commandLine(usage, {
  options: { include: { type: 'string' }, report: { type: 'string' } },
  allowPositionals: true,
});

const work = await mkdtemp(path.join(tmpdir(), 'verify-real-mock-'));
try {
  const named = positionals[0] ?? 'stripe';
  const file = existsSync(named) ? path.resolve(named) : undefined;
  const contract = file ? { name: path.basename(file) } : realContract(named);
  const { bundle, model } = await loadContract(file ?? (await writeRealContract(realContract(named), work)));
  const specPath = path.join(work, 'bundle.json');
  await writeFile(specPath, JSON.stringify(bundle));
  const pkiDir = path.join(work, 'pki');
  const pki = await ensureDevPki(pkiDir);
  const mock = await startMock({ port: 0, specPath, model, pkiDir });
  try {
    const write = (name: string, text: string) =>
      writeFile(path.join(work, name), text).then(() => path.join(work, name));
    const token = (scopes: string[]) => signToken(mock.pki.jwt.privateKey, { env: 'sandbox', scopes });
    const args = [
      ...['--target', mock.url, '--spec', await write('model.json', '{}')],
      ...[
        '--ca',
        await write('ca.pem', pki.serverCa),
        '--cert',
        await write('client.pem', pki.clients.sandbox.cert),
      ],
      ...['--key', await write('client-key.pem', pki.clients.sandbox.key)],
      ...['--token', await token(allScopes(model.operations)), '--unscoped-token', await token([])],
      ...(values.include ? ['--include', values.include] : []),
      ...(values.report ? ['--report', path.resolve(values.report)] : []),
    ];
    const started = Date.now();
    const { code } = await verifyCommand(args, console, { loadSpec: async () => model });
    console.log(
      `${contract.name}: verify against the mock ended in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    process.exitCode = code;
  } finally {
    await mock.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
