// The mock obeys what the contract states across fields (x-equals), read from the model: no operation
// is named in echo.ts, so a rule added to the contract is obeyed without a change to the mock.
import { contractModel, type Operation, successResponses } from '@banking-api/contract';
import { describe, expect, it } from 'vitest';
import { echoFor } from '../src/http/echo.ts';

const model = contractModel();

describe('echo', () => {
  it("applies every path rule of the shipped contract's success answers", () => {
    const success = (op: Operation) => Number(successResponses(op)[0]?.status ?? 200);
    const ruled = model.operations.filter((op) =>
      successResponses(op).some((r) => r.rules?.some((rule) => rule.equals.source === 'path')),
    );
    expect(ruled.length).toBeGreaterThan(0);
    for (const op of ruled) expect(echoFor(op, success(op)), op.operationId).toBeTypeOf('function');
    const refundPix = model.operations.find((op) => op.operationId === 'refundPix') as Operation;
    const refund = { refund: { id: 'example', status: 'PROCESSING' } };
    echoFor(refundPix, success(refundPix))?.(refund, { id: 'from-the-path', endToEndId: 'E1' });
    expect(refund.refund).toEqual({ id: 'from-the-path', status: 'PROCESSING' });
  });

  it('follows a rule of any contract, on any field, and leaves an example without that field alone', () => {
    const op = {
      ...(model.operations[0] as Operation),
      responses: [
        {
          status: '200',
          description: 'OK',
          content: [],
          headers: [],
          rules: [{ pointer: '/order/ref', equals: { source: 'path' as const, name: 'orderId' } }],
        },
      ],
    };
    const echo = echoFor(op, 200);
    const body: Record<string, unknown> = { order: { ref: 'x' } };
    echo?.(body, { orderId: 'o-9' });
    expect(body).toEqual({ order: { ref: 'o-9' } });
    const bare: Record<string, unknown> = { other: 1 };
    echo?.(bare, { orderId: 'o-9' });
    expect(bare).toEqual({ other: 1 });
    const unruled = model.operations.find(
      (o) =>
        !o.responses.some((r) => /^2/.test(r.status) && r.rules?.some((x) => x.equals.source === 'path')),
    ) as Operation;
    expect(echoFor(unruled, 200)).toBeUndefined();
  });
});
