// What every probe check does with a request: send it, and have the answer judged by the answer checks.
import type { Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import { judgeAnswer, recordJudgement } from '../../judge/judge.js';
import type { Answer, CheckContext, Probe } from '../../types.js';

export async function call(ctx: CheckContext, op: Operation, probe: Probe): Promise<Answer> {
  const answer = await ctx.send(probe);
  recordJudgement(ctx.findings, op, probe, judgeAnswer(op, answer, probe), answer);
  return answer;
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
export const isClientError = (status: number): boolean => status >= 400 && status < 500;

/** Sends the probe and holds the answer to one status. */
export async function expectStatus(
  ctx: CheckContext,
  op: Operation,
  check: string,
  status: number,
  probe: Probe,
): Promise<void> {
  const answer = await call(ctx, op, probe);
  ctx.findings.ran(op, check);
  if (answer.status !== status)
    ctx.findings.fail(op, check, String(status), describeAnswer(answer), probe, answer);
}
