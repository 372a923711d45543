import { operationsByPath } from '@banking-api/conformance';
import { describe, expect, it } from 'vitest';
import { context, model, registered, server } from '../harness.ts';

describe('method-not-allowed', () => {
  const check = registered('method-not-allowed');
  const [path, ops] = [...operationsByPath(model.operations)][0] ?? [];
  if (check.kind !== 'probe' || check.scope !== 'path' || !path || !ops) throw new Error('a path check');
  const op = ops[0] as (typeof ops)[number];

  it('sends one method the path does not have, and passes a 405', async () => {
    const { send, sent } = server(op, () => 405);
    const ctx = context(send);
    await check.run(ctx, path, ops);
    expect(sent).toHaveLength(1);
    expect(ops.map((o) => o.method)).not.toContain(sent[0]?.method);
    expect(ctx.findings.failures).toEqual([]);
  });

  it('fails a success, and a 5xx twice over', async () => {
    const ok = context(server(op, () => 200).send);
    await check.run(ok, path, ops);
    expect(ok.findings.failures.map((f) => f.check)).toEqual(['method-not-allowed']);
    const broken = context(server(op, () => 500).send);
    await check.run(broken, path, ops);
    expect(broken.findings.failures.map((f) => f.check)).toEqual(['no-server-error', 'method-not-allowed']);
  });

  it("reports on the path's first operation, naming the method in what it expected", async () => {
    const ctx = context(server(op, () => 200).send);
    await check.run(ctx, path, ops);
    expect(ctx.findings.failures.map((f) => f.operation)).toEqual([op.key]);
    expect(ctx.findings.failures[0]?.expected).toMatch(
      new RegExp(`^a 4xx to [A-Z]+ ${path.replaceAll('{', '\\{')} `),
    );
    expect(ctx.findings.runs.map((r) => r.operation)).toEqual([op.key, op.key]);
  });
});
