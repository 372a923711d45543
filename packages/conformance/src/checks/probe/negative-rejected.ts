// Invalid input (bodies the request schema forbids, malformed JSON, a broken multipart body) is refused:
// with 400 where the operation documents it (a 422 or 409 is not the contract's answer), else a 4xx;
// never a 2xx or a 5xx. Its body is held to the error envelope by the answer checks.
import type { Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import { invalidRequestBodies } from '../../mutations/invalid-requests.js';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { call } from './call.js';
import { refusalOf } from './refusal-status.js';
import { runRequest } from './run-request.js';

const id = 'negative-rejected';

export const negativeRejected: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale: 'input the contract forbids is refused, not stored or half-processed',
  run: async (ctx: CheckContext, op: Operation) => {
    const { seed, maxExamples } = ctx.options;
    const refusal = refusalOf(op);
    for (const media of op.requestBody?.content ?? []) {
      for (const { label, body } of invalidRequestBodies(media, { seed, max: maxExamples })) {
        const probe = runRequest(ctx, op, { body, refusal: 'validation' });
        const answer = await call(ctx, op, probe);
        ctx.findings.ran(op, id);
        if (refusal.holds(answer.status)) continue;
        const got = `${label}; answered ${describeAnswer(answer)}`; // not "label: answer": "pix_key: 200" reads as a secret key and its value
        ctx.findings.fail(op, id, refusal.expected, got, probe, answer);
      }
    }
  },
};
