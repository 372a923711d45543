// What a rule reports: one change for clients, where it is written, and how it rates for the callers that
// send the node and for those that read it. Rules (tools/review/rules) make facts while the comparison
// (compare/) walks both sides; placement.ts turns each fact into one finding per operation it reaches.
import type { Side } from '../effective/reader.ts';

/** Semver impact: major breaks clients, minor adds, patch is documentation (or no effect on this caller). */
export type Impact = 'major' | 'minor' | 'patch';

/** How an operation uses a node: sends it, reads it, authenticates with it, or is served from it. */
export type Direction = 'request' | 'parameter' | 'response' | 'header' | 'security' | 'server';

/** What the API client does with a node: sends it (requests, parameters) or reads it (responses). */
export type Role = 'send' | 'read';
/** The impact of a change for each role; a role left out is `patch` (the change does not affect it). */
export type ImpactByRole = Partial<Record<Role, Impact>>;

/**
 * Where in an operation a node is used, as oasdiff names it: its ids are `<place>-<what>`
 * (`request-property-enum-value-removed`).
 */
export type Place =
  | 'request-body'
  | 'request-property'
  | 'request-parameter'
  | 'response-body'
  | 'response-property'
  | 'response-header'
  | 'operation';

export interface Fact {
  /** The finding's rule id (`enum-values-removed`). */
  readonly rule: string;
  readonly message: string;
  /** The node it is about: the head's, or the base's for something removed. */
  readonly at: { side: Side; pointer: string };
  /** Its impact by role, when that depends on direction; `impact` otherwise. */
  readonly byRole?: ImpactByRole;
  readonly impact?: Impact;
  /**
   * oasdiff's id for it: by place, or a stem that placement completes with the place
   * (`enum-value-removed` → `request-property-enum-value-removed`), or a whole id.
   */
  readonly oasdiff?: Partial<Record<Place, string>> | string;
  /** The field below the schema it was found in that it is about (a property's name). */
  readonly field?: string;
  /** For a fact about the operation as a whole: the part it is about (its security, its servers). */
  readonly direction?: Direction;
  /**
   * It breaks callers that do not use the field too (a field or parameter made required, or added required):
   * the consumers it hits are those using what holds it, not the field (placement.ts, consumers.ts).
   */
  readonly everyCaller?: boolean;
}

const ORDER: Impact[] = ['major', 'minor', 'patch'];

/** The highest of several impacts (`patch` for none). */
export const highest = (impacts: Iterable<Impact>): Impact => {
  const all = [...impacts];
  return ORDER.find((level) => all.includes(level)) ?? 'patch';
};

/** A fact's impact for a caller in `role`. */
export const impactFor = (fact: Fact, role: Role): Impact => fact.impact ?? fact.byRole?.[role] ?? 'patch';

/** Its highest impact in any role. */
export const topImpact = (fact: Fact): Impact =>
  fact.impact ?? highest([fact.byRole?.send ?? 'patch', fact.byRole?.read ?? 'patch']);

/** oasdiff ids `<place>-<stem>` for the places oasdiff has the check in. */
export const oasdiffIds = (stem: string, places: Place[]): Partial<Record<Place, string>> =>
  Object.fromEntries(places.map((place) => [place, `${place}-${stem}`]));
