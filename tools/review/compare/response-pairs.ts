// An operation's responses, paired by the status a client can get: the same status; a status the head now
// answers through a range or `default` (covered); a range (`2XX`) the head narrowed to codes inside it, each
// compared with the range it was; a code new in the head compared with the base range that covered it. Only
// what has no counterpart is added or removed. Each pair's headers and content are then compared.
import type { EffectiveOperation } from '../effective/operation-view.ts';
import type { SchemaRef } from '../effective/schema-parts.ts';
import { responseRules, responsesRules } from '../rules/index.ts';
import type { ResponsePairing } from '../rules/rule.ts';
import { code } from '../text/plain.ts';
import type { Sides } from './context.ts';
import { compareHeaders } from './header-pairs.ts';
import { compareContent } from './media-pairs.ts';
import { type Occurrence, roleOf } from './occurrence.ts';
import { compareSchemas, sameForTypes } from './schemas.ts';

const rangeOf = (status: string) => (/^[1-5]\d\d$/.test(status) ? `${status[0]}XX` : undefined);
const isError = (status: string) => /^[45]/.test(status);
const inRange = (status: string, range: string) => /^[1-5]\d\d$/.test(status) && status[0] === range[0];

/** The head status that answers a base status no longer listed: its range, or `default` for an error. */
function covering(status: string, head: ReadonlyMap<string, unknown>): string | undefined {
  const range = rangeOf(status);
  if (range && head.has(range)) return range;
  if ((isError(status) || status === '4XX' || status === '5XX') && head.has('default')) return 'default';
  return undefined;
}

export function pairResponses(before: EffectiveOperation, after: EffectiveOperation): ResponsePairing {
  const [base, head] = [before.responses, after.responses];
  const pairs: ResponsePairing['pairs'][number][] = [];
  const removed: string[] = [];
  const claimed = new Set<string>();
  for (const status of base.keys()) {
    if (head.has(status)) {
      pairs.push({ before: status, after: status, covered: false });
      claimed.add(status);
      continue;
    }
    const inside = /^[1-5]XX$/.test(status)
      ? [...head.keys()].filter((s) => !base.has(s) && inRange(s, status))
      : [];
    for (const s of inside) {
      pairs.push({ before: status, after: s, covered: false });
      claimed.add(s);
    }
    if (inside.length) continue;
    const cover = covering(status, head);
    if (cover) pairs.push({ before: status, after: cover, covered: true });
    else removed.push(status);
  }
  const added: string[] = [];
  for (const status of head.keys()) {
    if (claimed.has(status)) continue;
    const range = rangeOf(status);
    const counterpart =
      range && base.has(range) ? range : isError(status) && base.has('default') ? 'default' : undefined;
    if (counterpart) pairs.push({ before: counterpart, after: status, covered: false });
    else added.push(status);
  }
  return { pairs, removed, added };
}

export function compareResponses(
  sides: Sides,
  before: EffectiveOperation,
  after: EffectiveOperation,
): Occurrence[] {
  const pairing = pairResponses(before, after);
  const role = roleOf('response', after.reversed);
  const place = { place: 'response-body' as const, direction: 'response' as const, ...(role && { role }) };
  const same = (a: SchemaRef, b: SchemaRef) => sameForTypes(compareSchemas(sides, [a], [b]));
  const facts = responsesRules.flatMap((rule) => rule.compare(pairing, before, after, sides, same));
  const occurrences: Occurrence[] = facts.length ? [{ ...place, where: 'responses', facts }] : [];
  for (const { before: b, after: a, covered } of pairing.pairs) {
    const [x, y] = [before.responses.get(b), after.responses.get(a)];
    if (!x || !y) continue;
    const where = `response ${code(a)}`;
    // A status now answered by `default` or its range is another response: its own words are not compared.
    const own = covered || b !== a ? [] : responseRules.flatMap((rule) => rule.compare(x, y, sides));
    if (own.length) occurrences.push({ ...place, where, facts: own });
    occurrences.push(...compareHeaders(sides, x, y, a, after.reversed));
    occurrences.push(...compareContent(sides, x, y, { ...place, where }));
  }
  return occurrences;
}
