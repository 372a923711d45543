// What the two coverage checks share: the operation's plan (coverage/plan.ts) with the run's values, the
// valid request each case starts from, and the report of which keywords were tried (Findings.covered).
import type { Operation } from '@banking-api/contract';
import type { CoverageCase } from '../../coverage/case.js';
import { keywordOf } from '../../coverage/case.js';
import { type CoveragePlan, coveragePlan } from '../../coverage/plan.js';
import { judgeAnswer, recordJudgement } from '../../judge/judge.js';
import { type Answer, type CheckContext, type Probe, UnsendableRequest } from '../../types.js';
import { noteUnsent } from '../unsent.js';
import { runRequest, runValues } from './run-request.js';

/** Cases of one operation in flight at once: latency hidden, a shared sandbox not flooded. */
const WIDTH = 2;

/** Sends each case of `op` that `positive` selects; `judge` holds each answer to what the case needs. */
export async function runCoverage(
  ctx: CheckContext,
  op: Operation,
  positive: boolean,
  judge: (c: CoverageCase, probe: Probe, answer: Answer) => void,
): Promise<void> {
  const plan = coveragePlan(op, runValues(ctx, op));
  const side = positive ? 'positive' : 'negative';
  const unclaimable = positive ? withoutValidBody(op, plan) : undefined;
  if (unclaimable) {
    if (unclaimable.contract) ctx.findings.contractIssue(op, 'coverage-accepted', unclaimable.message);
    else ctx.findings.note(op, 'coverage-accepted', unclaimable.message);
    ctx.findings.covered?.(op, { present: plan.present, exercised: [], side });
    return;
  }
  const cases = plan.cases.filter((x) => x.positive === positive);
  // A fresh valid request per case: a fresh idempotency identifier, so no case replays another.
  const probes = cases.map((c) => {
    const probe = c.apply(runRequest(ctx, op, { body: plan.body ?? null }));
    return positive ? probe : { ...probe, refusal: c.refusal ?? 'validation' };
  });
  const answers = await sendAll(ctx.send, probes);
  // Judged in the cases' order, whatever order the answers came in: the same report on every run.
  const check = positive ? 'coverage-accepted' : 'coverage-rejected';
  const sent = cases.filter((c, i) => {
    const probe = probes[i] as Probe;
    const answer = answers[i] as Answer | UnsendableRequest;
    if (answer instanceof UnsendableRequest) {
      noteUnsent(ctx.findings, op, check, answer);
      return false;
    }
    recordJudgement(ctx.findings, op, probe, judgeAnswer(op, answer, probe), answer);
    judge(c, probe, answer);
    return true;
  });
  ctx.findings.covered?.(op, { present: plan.present, exercised: sent.map(keywordOf), side });
}

/**
 * Why no positive case can be claimed: no valid body to start from. The contract's finding when every
 * example breaks the schema and none could be made; a note when the engine could make none from the schema.
 */
function withoutValidBody(
  op: Operation,
  plan: CoveragePlan,
): { contract: boolean; message: string } | undefined {
  const untried = 'the values the contract allows were not tried';
  if (plan.invalidBody) {
    const why = `every example breaks the schema, none could be generated: ${plan.invalidBody.join('; ')}`;
    return { contract: true, message: `no valid request body (${why}): ${untried}` };
  }
  if (op.requestBody?.required && !plan.body)
    return { contract: false, message: `no valid request body could be made from the schema: ${untried}` };
  return undefined;
}

/**
 * Every probe sent, `WIDTH` at a time, the answers in the probes' order; a probe that cannot be sent has
 * its UnsendableRequest in its place. Any other failure stops the sending and rejects once the requests in
 * flight have settled (none left running behind the check).
 */
async function sendAll(
  send: CheckContext['send'],
  probes: readonly Probe[],
): Promise<(Answer | UnsendableRequest)[]> {
  const answers: (Answer | UnsendableRequest)[] = [];
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    for (let i = next++; i < probes.length && !failure; i = next++)
      answers[i] = await send(probes[i] as Probe).catch((error: unknown) => {
        if (error instanceof UnsendableRequest) return error;
        failure ??= { error };
        throw error;
      });
  };
  await Promise.allSettled(Array.from({ length: Math.min(WIDTH, probes.length) }, worker));
  if (failure) throw failure.error;
  return answers;
}
