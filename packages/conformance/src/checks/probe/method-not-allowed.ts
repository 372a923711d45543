// A method the path does not have gets a 4xx (405 ideally), never a success and never a 5xx: one request
// per path of the contract, with a method none of its operations uses, reported on its first operation.
// "Its operations" are those of every template of the same shape: `/rec/{idRec}` and
// `/rec/{recUrlAccessToken}` (the Pix API) are one path on the wire, so a method either serves is no probe.
import type { Operation } from '@banking-api/contract';
import { describeAnswer } from '../../judge/describe.js';
import type { CheckContext } from '../../types.js';
import { noServerError } from '../answer/no-server-error.js';
import type { ProbeCheck } from '../check.js';
import { isClientError } from './call.js';
import { runRequest } from './run-request.js';

const id = 'method-not-allowed';
// The methods to try on a path, most unusual first (not a way of reading the contract: the model is).
const candidates = ['PATCH', 'DELETE', 'PUT', 'POST', 'GET'];

export const methodNotAllowed: ProbeCheck = {
  id,
  kind: 'probe',
  scope: 'path',
  level: 'error',
  rationale: 'a path answers only the methods the contract gives it',
  run: async (ctx: CheckContext, path: string, ops: readonly Operation[]) => {
    const shape = shapeOf(path);
    const twins = ctx.model.operations.filter((op) => shapeOf(op.path) === shape);
    const used = new Set<string>([...ops, ...twins].map((op) => op.method));
    const method = candidates.find((m) => !used.has(m));
    const [first] = ops;
    if (!method || !first) return;
    // Reported on the path's first operation (the request takes its parameters): the report counts the
    // contract's operations, and `PATCH /path` is none of them.
    const probe = runRequest(ctx, first, { method, body: null });
    const answer = await ctx.send(probe);
    ctx.findings.ran(first, id);
    ctx.findings.ran(first, noServerError.id);
    if (isClientError(answer.status)) return;
    if (answer.status >= 500)
      ctx.findings.fail(first, noServerError.id, 'no 5xx answer', describeAnswer(answer), probe, answer);
    const expected = `a 4xx to ${method} ${path} (the path has ${[...used].join(', ')})`;
    ctx.findings.fail(first, id, expected, describeAnswer(answer), probe, answer);
  },
};

/** A template as the wire sees it: every parameter alike. */
const shapeOf = (template: string) => template.replace(/\{[^}/]*\}/g, '{}');

/** The contract's operations grouped by path, in the order the paths first appear. */
export function operationsByPath(ops: readonly Operation[]): Map<string, Operation[]> {
  const paths = new Map<string, Operation[]>();
  for (const op of ops) paths.set(op.path, [...(paths.get(op.path) ?? []), op]);
  return paths;
}
