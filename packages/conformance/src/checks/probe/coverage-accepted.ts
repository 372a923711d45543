// The coverage phase, positive half: every value the contract allows at the edge of a constraint (each enum
// value, each bound, a length at its limit, a pattern and a format met, an optional field the example leaves
// out, a JSON media type with `; charset=utf-8`) is not refused as invalid: no 400 or 415. Other answers
// (a 404 or 409 a server's state explains) are left to the answer checks, which judge every one.
import type { Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { runCoverage } from './coverage-run.js';

const id = 'coverage-accepted';
const REFUSED_AS_INVALID = new Set([400, 415]);

export const coverageAccepted: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'operation',
  level: 'error',
  rationale:
    'every value the contract allows, at every edge, is taken: a valid request is never refused as invalid',
  run: async (ctx: CheckContext, op: Operation) => {
    await runCoverage(ctx, op, true, (c, probe, answer) => {
      ctx.findings.ran(op, id);
      if (!REFUSED_AS_INVALID.has(answer.status)) return;
      const got = `${c.label}; answered ${describeAnswer(answer)}`;
      ctx.findings.fail(op, id, 'not refused as invalid (the contract allows it)', got, probe, answer);
    });
  },
};
