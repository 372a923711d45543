// Findings that are the contract's own: an answer that breaks its schema but is the contract's example for
// that status, and a request example that breaks its own schema, are reported as the contract's
// (Findings.contractIssue), not as the server's failures, and never hidden.
import { judgeAnswer } from '@banking-api/conformance';
import { bodyExamples, type Operation, responseFor } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { context, documentedAnswer, operationWith, registered, server, successStatus } from '../harness.ts';

/** `op` with a required field no example has, in its success schema (or its request schema). */
function requiring(op: Operation, where: 'answer' | 'request'): Operation {
  // Standalone (no `$ref` into the model's table): an object that must have a field no example has.
  const stricter = (_: unknown) => ({
    type: 'object',
    properties: { field_no_example_has: { type: 'string' } },
    required: ['field_no_example_has'],
  });
  if (where === 'request') {
    const content = (op.requestBody?.content ?? []).map((m) => ({ ...m, schema: stricter(m.schema) }));
    return { ...op, requestBody: { ...(op.requestBody as NonNullable<Operation['requestBody']>), content } };
  }
  const status = String(successStatus(op));
  const responses = op.responses.map((r) =>
    r.status === status ? { ...r, content: r.content.map((m) => ({ ...m, schema: stricter(m.schema) })) } : r,
  );
  return { ...op, responses };
}

describe("the contract's own findings", () => {
  const withExample = operationWith(
    (o) =>
      !o.gaps.some((g) => g.topic === 'response') &&
      Boolean(responseFor(o, successStatus(o))?.content[0]?.examples[0]),
    'a success example the contract states in full',
  );

  it("attributes an answer that is the contract's broken example to the contract", () => {
    const op = requiring(withExample, 'answer');
    const judgement = judgeAnswer(op, documentedAnswer(op, successStatus(op)));
    expect(judgement.failures).toEqual([]);
    expect(judgement.contractIssues).toEqual([
      {
        check: 'response-schema',
        message: expect.stringMatching(/own response example ".+" breaks its schema: .*field_no_example_has/),
      },
    ]);
  });

  it('still fails the server for a body that is not the example', () => {
    const op = requiring(withExample, 'answer');
    const answer = documentedAnswer(op, successStatus(op));
    const body = { ...JSON.parse(answer.text), added_by_the_server: 1 };
    const judgement = judgeAnswer(op, { ...answer, text: JSON.stringify(body) });
    expect(judgement.failures.map((f) => f.check)).toEqual(['response-schema']);
    expect(judgement.contractIssues).toEqual([]);
  });

  it("reports a request example that breaks its schema as the contract's, and does not send it", async () => {
    const check = registered('example-accepted');
    if (check.kind !== 'probe' || check.scope !== 'operation') throw new Error('an operation check');
    const op = requiring(
      operationWith((o) => bodyExamples(o).length > 0, 'a body example'),
      'request',
    );
    const { send, sent } = server(op, () => 400);
    const ctx = context(send);
    await check.run(ctx, op);
    expect(ctx.findings.failures).toEqual([]);
    expect(sent.filter((p) => p.body)).toEqual([]);
    expect(ctx.findings.contractIssues[0]).toMatchObject({
      check: 'example-accepted',
      message: expect.stringMatching(/breaks the contract's own request schema: .*field_no_example_has/),
    });
  });
});
