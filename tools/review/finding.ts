// A finding of the review: one change for clients of one operation, with a stable id, a level and the line
// of the spec it is written on. Rules report facts (compare/facts.ts); placement.ts names each under every
// operation it reaches, once per operation however many ways the operation reaches it.
import type { Direction, Impact } from './compare/facts.ts';
import type { Side } from './effective/reader.ts';

export type { Direction, Impact } from './compare/facts.ts';
export type { Side } from './effective/reader.ts';

export type Level = 'breaking' | 'non-breaking' | 'info';

/** Where a change belongs when it is part of no operation (info, tags, a scheme's documentation). */
export const DOCUMENT = 'document';

/** Semver impact as a reviewer reads it: major breaks clients, minor adds, patch is documentation. */
export const levelOf = (impact: Impact): Level =>
  impact === 'major' ? 'breaking' : impact === 'minor' ? 'non-breaking' : 'info';

/** A field (`card.status`, `items[].id`) or a parameter's or header's name the change is about, and how it is used. */
export type FieldUse = { direction: Direction; path: string };

export type Finding = {
  /** rule:operation:location, the same across runs and rebases (no line numbers in it). */
  id: string;
  rule: string;
  level: Level;
  impact: Impact;
  /** "METHOD /path" (or a webhook's, a callback's key), or "document" for what no operation reaches. */
  operation: string;
  message: string;
  /** How the operation uses the changed node: request, parameter, response, header, security, server. */
  directions: Direction[];
  /** The fields (or parameters, headers) it is about, by direction; empty for the operation as a whole. */
  fields: FieldUse[];
  /** The oasdiff check this corresponds to, where oasdiff has one. */
  oasdiff?: string;
  /** Known consumers the change hits by their recorded usage (breaking findings, when consumers/ has files). */
  consumers?: string[];
  /** Known consumers whose usage files cannot tell (they record no response reads, say): maybe hit. */
  consumersUnknown?: string[];
  /**
   * `file` relative to its side's root (the repository), 1-based `line`, the node's `pointer`; `headLine`:
   * where it shows in the head spec (for a removal, the nearest part of the document still there).
   */
  location: { side: Side; file: string; line: number; pointer: string; headLine: number };
};

export const isBreaking = (f: Finding) => f.level === 'breaking';

/** Highest impact among findings. */
export function overallImpact(findings: Finding[]): Impact | 'none' {
  for (const level of ['major', 'minor', 'patch'] as const)
    if (findings.some((f) => f.impact === level)) return level;
  return 'none';
}
