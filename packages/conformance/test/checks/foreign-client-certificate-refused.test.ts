// That the certificate really goes over TLS is proven against a server that trusts any CA (test/verify).
import { ConnectionError, type Send } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { context, model, registered, server } from '../harness.ts';

describe('foreign-client-certificate-refused', () => {
  const check = registered('foreign-client-certificate-refused');
  const [op] = model.operations;
  if (check.kind !== 'probe' || check.scope !== 'contract' || !op) throw new Error('a contract check');

  it('passes a refused handshake, and a 4xx', async () => {
    const refuse: Send = async () => {
      throw new ConnectionError('handshake failure');
    };
    for (const send of [refuse, server(op, () => 403).send]) {
      const ctx = context(send);
      await check.run(ctx);
      expect(ctx.findings.failures).toEqual([]);
      expect(ctx.findings.runs).toEqual([{ operation: op.key, check: 'foreign-client-certificate-refused' }]);
    }
  });

  it('presents a certificate of its own CA and fails a server that serves it', async () => {
    const { send, sent } = server(op, () => 200);
    const ctx = context(send);
    await check.run(ctx);
    expect(sent[0]?.foreignClientCertificate).toBe(true);
    expect(ctx.findings.failures).toEqual([
      expect.objectContaining({ check: 'foreign-client-certificate-refused' }),
    ]);
  });
});
