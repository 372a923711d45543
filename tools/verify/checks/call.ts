// Sends a probe and checks the answer against what the operation documents, whatever the check is about.
import type { Operation } from '@banking-api/contract';
import { checkResponse } from '../responses.ts';
import type { Answer, CheckContext, Probe } from '../types.ts';

export async function call(ctx: CheckContext, op: Operation, probe: Probe): Promise<Answer> {
  const answer = await ctx.send(probe);
  checkResponse(ctx, op, probe, answer);
  return answer;
}

export const isSuccess = (status: number) => status >= 200 && status < 300;
export const isClientError = (status: number) => status >= 400 && status < 500;
