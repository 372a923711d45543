// What the two coverage checks share: the operation's plan (coverage/plan.ts) with the run's values, the
// valid request each case starts from, and the report of which keywords were tried (Findings.covered).
import type { Operation } from '@banking-api/contract';
import type { CoverageCase } from '../../coverage/case.js';
import { keywordOf } from '../../coverage/case.js';
import { coveragePlan } from '../../coverage/plan.js';
import type { Answer, CheckContext, Probe } from '../../types.js';
import { call } from './call.js';
import { runRequest, runValues } from './run-request.js';

/** Sends each case of `op` that `positive` selects; `judge` holds each answer to what the case needs. */
export async function runCoverage(
  ctx: CheckContext,
  op: Operation,
  positive: boolean,
  judge: (c: CoverageCase, probe: Probe, answer: Answer) => void,
): Promise<void> {
  const plan = coveragePlan(op, runValues(ctx, op));
  const exercised: string[] = [];
  for (const c of plan.cases.filter((x) => x.positive === positive)) {
    // A fresh valid request per case: a fresh idempotency identifier, so no case replays another.
    const probe = c.apply(runRequest(ctx, op, { body: plan.body ?? null }));
    const answer = await call(ctx, op, probe);
    exercised.push(keywordOf(c));
    judge(c, probe, answer);
  }
  ctx.findings.covered?.(op, { present: plan.present, exercised });
}
