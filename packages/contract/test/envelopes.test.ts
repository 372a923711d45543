// The two envelopes of §7, found by the spec's `x-envelope` marker, and which operations answer with each.
import {
  bodySchemaOf,
  contractModel,
  envelopeKind,
  errorEnvelope,
  errorSchemaOf,
  successEnvelope,
  successResponses,
} from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const model = contractModel();

describe('envelopes', () => {
  it('the error envelope has the fields §7 lists', () => {
    expect(errorEnvelope(model).required).toEqual([
      'status_code',
      'code',
      'message',
      'timestamp',
      'path',
      'details',
    ]);
  });

  it('every operation’s 400 answer is the error envelope', () => {
    for (const op of model.operations) expect(envelopeKind(errorSchemaOf(op)), op.key).toBe('error');
  });

  it('the success envelope wraps exactly the operations that answer with it', () => {
    expect(successEnvelope(model)?.required).toEqual(['status_code', 'success', 'message', 'data']);
    const wrapped = model.operations.filter((op) =>
      successResponses(op).some((r) => envelopeKind(bodySchemaOf(r)) === 'success'),
    );
    // §7: the two webhook operations (4.21 and 4.22).
    expect(wrapped.map((op) => op.key).sort()).toEqual(['GET /hb/webhook/logs', 'POST /hb/webhook/try']);
  });

  it('a model without the marker has no error envelope to offer', () => {
    expect(() => errorEnvelope({ ...model, operations: [] })).toThrow(/x-envelope: error/);
  });
});
