// A success status added to an operation, rated by what it does to the generated client. openapi-fetch types
// a call's `data` as the union of the bodies of its 200, 201, 202, 203, 204, 206, 207 and `2XX` responses
// (openapi-typescript-helpers' OkStatus; JSON media types when there are any). A new status among those whose
// body is one the operation already returns leaves `data` as it was: non-breaking. One with another body, or
// none where every success had one, makes `data` a union (`Card | Receipt`, `Card | undefined`): code that
// reads `data.card` stops compiling, and at run time it gets a shape it does not handle: breaking. A status
// outside those (205, 208, 226) leaves the types alone: non-breaking, with a note. Bodies are compared as
// schemas; a spelling openapi-typescript renders otherwise (`required` in an `allOf` member apart from the
// properties it names) can still change `data`'s type where this says it does not.
// test/review/success-status-types.test.ts compiles a caller against both sides' generated types.
import type { Fact } from '../../compare/facts.ts';
import { canonicalMediaType } from '../../effective/media-meaning.ts';
import type { EffectiveOperation } from '../../effective/operation-view.ts';
import { child, isObject, type Located, obj } from '../../effective/reader.ts';
import { code } from '../../text/plain.ts';
import type { ResponsesRule, SameSchema } from '../rule.ts';

/** The statuses openapi-fetch's `data` is typed from. */
export const OK_STATUSES = new Set(['200', '201', '202', '203', '204', '206', '207', '2XX']);

/** The schemas `data` is typed from for one response: its JSON media types' (all of them when none is JSON). */
function bodies(response: Located): Located<unknown>[] {
  const content = obj(response.node.content);
  const at = child(response.at, 'content');
  const all = Object.entries(content).filter(([, m]) => isObject(m) && m.schema !== undefined);
  const json = all.filter(([type]) => /\/json$/.test(canonicalMediaType(type).split(';')[0] ?? ''));
  return (json.length ? json : all).map(([type, m]) => ({
    node: (m as { schema: unknown }).schema,
    at: child(child(at, type), 'schema'),
  }));
}

function judge(
  same: SameSchema,
  status: string,
  before: EffectiveOperation,
  after: EffectiveOperation,
): Fact {
  const at = { side: 'head' as const, pointer: child(child(after.at, 'responses'), status) };
  const base = { rule: 'response-success-status-added', at, oasdiff: 'response-success-status-added' };
  if (!OK_STATUSES.has(status))
    return {
      ...base,
      message: `Success response ${code(status)} added; the generated client's \`data\` is not typed from it.`,
      byRole: { send: 'minor', read: 'minor' },
    };
  const existing = [...before.responses].filter(([s]) => OK_STATUSES.has(s)).map(([, r]) => r);
  if (!existing.length)
    return {
      ...base,
      message: `Success response ${code(status)} added: the generated client's \`data\` is typed from it.`,
      byRole: { send: 'minor', read: 'minor' },
    };
  const response = after.responses.get(status) as Located;
  const known = existing.flatMap(bodies);
  const added = bodies(response);
  const sameEmpty = added.length === 0 && existing.some((r) => bodies(r).length === 0);
  const unchanged = sameEmpty || (added.length > 0 && added.every((b) => known.some((k) => same(k, b))));
  return unchanged
    ? {
        ...base,
        message: `Success response ${code(status)} added with a body the operation already returns: the generated client's \`data\` keeps its type.`,
        byRole: { send: 'minor', read: 'minor' },
      }
    : {
        ...base,
        message: `Success response ${code(status)} added with ${added.length ? 'another body' : 'no body'}: the generated client's \`data\` becomes a union${added.length ? '' : ' with `undefined`'}, so code that reads it stops compiling, and callers get a shape they do not handle.`,
        byRole: { send: 'major', read: 'major' },
      };
}

export const successStatus: ResponsesRule = {
  level: 'responses',
  name: 'success-status',
  produces: ['response-success-status-added'],
  covers: [
    "a success status added, rated by what it does to the generated client's `data`: the same body as an existing success (or outside openapi-fetch's success statuses): non-breaking; another body, or none where every success had one: breaking",
  ],
  oasdiff: ['response-success-status-added'],
  compare(pairing, before, after, _sides, same) {
    return pairing.added.filter((s) => /^2/.test(s)).map((status) => judge(same, status, before, after));
  },
};
