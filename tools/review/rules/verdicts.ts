// How a change of what a schema accepts rates: fewer values accepted (narrowed) breaks the callers that send
// it and tells readers nothing new; more values (widened) breaks readers, who may now get a value they do not
// handle, and is no news for senders; some in and some out breaks both. Every constraint rule rates this way;
// type.ts and format.ts also share the words and oasdiff ids of a change of type here.
import type { ImpactByRole, Place } from '../compare/facts.ts';
import { code } from '../text/plain.ts';

export type Verdict = 'narrowed' | 'widened' | 'changed';

export const NARROWED: ImpactByRole = { send: 'major', read: 'patch' };
export const WIDENED: ImpactByRole = { send: 'patch', read: 'major' };
export const BOTH: ImpactByRole = { send: 'major', read: 'major' };

export const ratingOf = (verdict: Verdict): ImpactByRole =>
  verdict === 'narrowed' ? NARROWED : verdict === 'widened' ? WIDENED : BOTH;

/** The verdict of a change from `before` to `after`, given which of the two contains the other. */
export function verdictOf(afterContainsBefore: boolean, beforeContainsAfter: boolean): Verdict | undefined {
  if (afterContainsBefore && beforeContainsAfter) return undefined;
  if (afterContainsBefore) return 'widened';
  if (beforeContainsAfter) return 'narrowed';
  return 'changed';
}

/** "Type widened from `integer` to `number`." — what changed, its verdict, and the values before and after. */
export const verdictMessage = (what: string, verdict: Verdict, was: string, now: string): string =>
  `${what} ${verdict} from ${code(was)} to ${code(now)}.`;

/** oasdiff's `<place>-<stem>` stems of a type change (format changes too): for requests, then responses. */
const TYPE_STEMS: Record<Verdict, readonly [request: string, response: string]> = {
  narrowed: ['type-changed', 'type-specialized'],
  widened: ['type-generalized', 'type-generalized'],
  changed: ['type-changed', 'type-changed'],
};

/** oasdiff's ids of a type (or format) change by place: `response-property-type-specialized`... */
export function typeChangeIds(verdict: Verdict): Partial<Record<Place, string>> {
  const [request, response] = TYPE_STEMS[verdict];
  return {
    'request-body': `request-body-${request}`,
    'request-property': `request-property-${request}`,
    'request-parameter': `request-parameter-${request}`,
    'response-body': `response-body-${response}`,
    'response-property': `response-property-${response}`,
    'response-header': `response-header-${response}`,
  };
}
