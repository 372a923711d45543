// The coverage phase, negative half: every value, field, media type and body the contract forbids (an enum's
// near miss, one past a bound, a pattern or format missed, another type, a required field or parameter left
// out, JSON sent to a form operation) is refused — with 400 where the operation documents it, else a 4xx;
// a path segment or the wrong kind of body with any 4xx. Deterministic: the same cases on every run.
import type { Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { isClientError } from './call.js';
import { runCoverage } from './coverage-run.js';
import { refusalOf } from './refusal-status.js';

const id = 'coverage-rejected';

export const coverageRejected: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale:
    'every constraint of every input is tried once past its edge: what the contract forbids is refused',
  run: async (ctx: CheckContext, op: Operation) => {
    const refusal = refusalOf(op);
    await runCoverage(ctx, op, false, (c, probe, answer) => {
      ctx.findings.ran(op, id);
      const holds = c.anyRefusal ? isClientError(answer.status) : refusal.holds(answer.status);
      if (holds) return;
      const expected = c.anyRefusal ? 'a 4xx answer (invalid input)' : refusal.expected;
      ctx.findings.fail(op, id, expected, `${c.label}; answered ${describeAnswer(answer)}`, probe, answer);
    });
  },
};
