// How a change of what a schema accepts rates: fewer values accepted (narrowed) breaks the callers that send
// it and tells readers nothing new; more values (widened) breaks readers, who may now get a value they do not
// handle, and is no news for senders; some in and some out breaks both. Every constraint rule rates this way.
import type { ImpactByRole } from '../compare/facts.ts';

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
