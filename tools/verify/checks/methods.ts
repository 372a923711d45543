// A method the path does not have gets a 4xx (405 ideally), never a success and never a 5xx. One
// probe per path of the contract, with a method none of its operations uses.
import type { Operation } from '@banking-api/contract';
import { probeFor } from '../inputs.ts';
import { describeAnswer } from '../responses.ts';
import type { CheckContext } from '../types.ts';
import { isClientError } from './call.ts';

const check = 'method-not-allowed';
// The methods to try on a path, most unusual first (not a way of reading the contract: the model is).
const candidates = ['PATCH', 'DELETE', 'PUT', 'POST', 'GET'];

export async function methodChecks(ctx: CheckContext, ops: readonly Operation[]): Promise<void> {
  for (const [path, onPath] of byPath(ops)) {
    const used = new Set(onPath.map((op) => op.method));
    const method = candidates.find((m) => !used.has(m as Operation['method']));
    const first = onPath[0];
    if (!method || !first) continue;
    const probe = probeFor(first, ctx.options.seed, { method });
    const operation = `${method} ${path}`;
    const answer = await ctx.send(probe);
    ctx.findings.ran(operation, check);
    if (isClientError(answer.status)) continue;
    if (answer.status >= 500)
      ctx.findings.fail(operation, 'no-server-error', 'no 5xx answer', describeAnswer(answer), probe);
    ctx.findings.fail(
      operation,
      check,
      `a 4xx (the path has ${[...used].join(', ')})`,
      describeAnswer(answer),
      probe,
    );
  }
}

function byPath(ops: readonly Operation[]): Map<string, Operation[]> {
  const paths = new Map<string, Operation[]>();
  for (const op of ops) paths.set(op.path, [...(paths.get(op.path) ?? []), op]);
  return paths;
}
