// One request of the coverage phase: what it tries (a keyword at a place of the request), whether the
// contract allows it, and how it is made from the operation's valid request.
import type { Probe, Refusal } from '../types.js';

export interface CoverageCase {
  /** Where: `body /amount`, `query status`, `header x-account-id`, `path id`, `media type`. */
  readonly place: string;
  /** The keyword tried: `enum`, `maximum`, `required`, `format`, `media type`... */
  readonly keyword: string;
  /** Allowed by the contract (must be served), or forbidden (must be refused). */
  readonly positive: boolean;
  /** What was sent, in words: `body /kind = "pix", a near miss of the enum`. */
  readonly label: string;
  /** Whether the server may refuse it with any 4xx (a path segment: 404 is an answer) rather than 400. */
  readonly anyRefusal?: boolean;
  /** The refusal a negative case asks for, when not a validation failure (a media type, a path segment). */
  readonly refusal?: Refusal;
  /** The request, made from the valid one. */
  apply(base: Probe): Probe;
}

/** `place:keyword`: how the coverage report counts what an operation has and what was tried. */
export const keywordOf = (c: Pick<CoverageCase, 'place' | 'keyword'>): string => `${c.place}:${c.keyword}`;
