import { redact, responseFor } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, operationWith, registered, server, successStatus } from '../harness.ts';

describe('negative-rejected', () => {
  const check = registered('negative-rejected');
  const op = operationWith((o) => o.requestBody?.content[0]?.mediaType === 'application/json', 'a JSON body');
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('sends invalid bodies (at most --max-examples, plus malformed JSON) and passes a 400 for each', async () => {
    const { send, sent } = server(op, () => 400);
    const ctx = context(send, { maxExamples: 3 });
    await check.run(ctx, op);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThanOrEqual(4);
    expect(sent.at(-1)?.body?.text).toBe('{"a": ');
    expect(ctx.findings.failures).toEqual([]);
  });

  it('fails a server that accepts invalid input', async () => {
    const ctx = context(server(op, () => successStatus(op)).send);
    await check.run(ctx, op);
    expect(ctx.findings.failures.map((f) => f.check)).toContain('negative-rejected');
    expect(ctx.findings.failures.find((f) => f.check === 'negative-rejected')?.got).toMatch(
      /malformed JSON|at \//,
    );
  });

  it("keeps the server's status readable once redacted, whatever the field is named (pix_key, password)", async () => {
    const ctx = context(server(op, () => successStatus(op)).send);
    await check.run(ctx, op);
    const gots = ctx.findings.failures.filter((f) => f.check === 'negative-rejected').map((f) => f.got);
    expect(gots.length).toBeGreaterThan(0);
    for (const got of gots) expect(redact(got)).toContain(`answered ${successStatus(op)}`);
    expect(redact(`missing required field at /pix_key; answered ${successStatus(op)}`)).toContain(
      `answered ${successStatus(op)}`,
    );
  });
});

describe('negative-rejected, where the contract documents 400', () => {
  const check = registered('negative-rejected');
  const op = operationWith(
    (o) =>
      o.requestBody?.content[0]?.mediaType === 'application/json' && responseFor(o, 400)?.status === '400',
    'a JSON body and a 400 of its own',
  );
  if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');

  it('fails a 422 for a body that fails validation: the contract says 400', async () => {
    const ctx = context(server(op, () => 422).send);
    await check.run(ctx, op);
    const failure = ctx.findings.failures.find((f) => f.check === 'negative-rejected');
    expect(failure?.expected).toMatch(/^400/);
    expect(failure?.got).toMatch(/answered 422/);
  });
});
