import { execFileSync } from 'node:child_process';
import { forgedTokenShell, forgeToken } from '@banking-api/conformance';
import { bearerScopes } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

const jws = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ0ZWFtIiwiZW52Ijoic2FuZGJveCJ9.c2lnbmF0dXJlLW9mLXRoZS1pc3N1ZXI';

describe('forged-token-refused', () => {
  const check = registered('forged-token-refused');
  const op = operationWith((o) => bearerScopes(o).length > 0, 'a Bearer requirement');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');
  const forged = ['altered-signature', 'alg-none', 'signature-stripped'];

  it('sends the three forgeries and passes a server that answers each with 401', async () => {
    const { send, sent } = server(op, (p) => (forged.includes(p.credential) ? 401 : successStatus(op)));
    const ctx = context(send, { forgeableToken: true });
    await check.run(ctx, op);
    expect(sent.map((p) => p.credential)).toEqual(forged);
    expect(ctx.findings.failures).toEqual([]);
    expect(ctx.findings.runs).toContainEqual({ operation: op.key, check: 'forged-token-refused' });
  });

  it('fails a server that serves a forged token, once per forgery', async () => {
    const ctx = context(server(op, () => successStatus(op)).send, { forgeableToken: true });
    await check.run(ctx, op);
    expect(ctx.findings.failures.map((f) => [f.check, f.probe.credential, f.expected])).toEqual(
      forged.map((c) => ['forged-token-refused', c, '401']),
    );
  });

  it('says it skipped when the token is not a JWS', async () => {
    const { send, sent } = server(op, () => 401);
    const ctx = context(send, { forgeableToken: false });
    await check.run(ctx, op);
    expect(sent).toEqual([]);
    expect(ctx.findings.notes).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/^skipped/) }),
    ]);
  });

  it('forges each token so that it cannot verify, and writes the same token as a shell expression', () => {
    const [header, payload, signature = ''] = jws.split('.');
    expect(forgeToken('altered-signature', jws)).toBe(`${header}.${payload}.${'A'.repeat(signature.length)}`);
    expect(forgeToken('signature-stripped', jws)).toBe(`${header}.${payload}.`);
    const none = forgeToken('alg-none', jws);
    expect(JSON.parse(Buffer.from(none.split('.')[0] ?? '', 'base64url').toString())).toEqual({
      alg: 'none',
      typ: 'JWT',
    });
    expect(none.endsWith(`.${payload}.`)).toBe(true);
    for (const kind of ['altered-signature', 'alg-none', 'signature-stripped'] as const) {
      const shell = execFileSync('sh', ['-c', `printf %s "${forgedTokenShell(kind)}"`], {
        env: { PATH: process.env.PATH, TOKEN: jws },
      }).toString();
      expect(shell, kind).toBe(forgeToken(kind, jws));
    }
  });
});
