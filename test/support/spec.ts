// The contract as the tests judge answers: the conformance engine's judgement (documented status, content
// type, schema, error envelope) of a client call's answer, and the contract's error envelope.
import { judgeAnswer } from '@banking-api/conformance';
import { type ContractModel, errorEnvelope, type Operation } from '@banking-api/contract';
import { violationLines } from '@banking-api/contract/validators';

export type { Operation } from '@banking-api/contract';

export interface Spec {
  model: ContractModel;
  operations: readonly Operation[];
  /** What the engine finds wrong with an answer (`response` as the client got it, `body` as it parsed it). */
  validateResponse(op: Operation, response: Response, body: unknown): { errors: string[] };
  /** Violations of the contract's error envelope by a body. */
  validateEnvelope(body: unknown): string[];
}

export function specOf(model: ContractModel): Spec {
  const envelope = errorEnvelope(model);
  return {
    model,
    operations: model.operations,
    validateResponse(op, response, body) {
      const mediaType =
        (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const text = body === undefined ? '' : JSON.stringify(body);
      const { failures } = judgeAnswer(op, { status: response.status, mediaType, headers: {}, text });
      return { errors: failures.map((f) => `${f.check}: expected ${f.expected}, got ${f.got}`) };
    },
    validateEnvelope: (body) => violationLines(envelope, body),
  };
}
