// A finding of the review: one change for clients of one operation, with a stable id, a level and the line
// of the spec it is written on. Rules (tools/review/rules) report drafts; placeFindings (placement.ts)
// attributes them to operations and locates them.
import type { EngineChange, Impact } from './diff-engine.ts';
import type { Direction } from './directions.ts';
import type { ImpactByRole } from './rating.ts';

export type Level = 'breaking' | 'non-breaking' | 'info';

/** Semver impact as a reviewer reads it: major breaks clients, minor adds, patch is documentation. */
export const levelOf = (impact: Impact): Level =>
  impact === 'major' ? 'breaking' : impact === 'minor' ? 'non-breaking' : 'info';

/** Which spec a location is in: the head's (the change under review) or the base's (for removals). */
export type Side = 'head' | 'base';

/** What a rule reports; attribution, id and line are added by placeFindings. */
export type Draft = {
  rule: string;
  impact: Impact;
  message: string;
  source: 'redocly diff' | 'review';
  /** The node it is about: a JSON pointer into the spec file of `side`. */
  at: { side: Side; file: string; pointer: string };
  /** The engine change behind it: its pointers say which operations it touches... */
  change?: EngineChange;
  /** ...or the operations the rule names itself ("METHOD /path" head keys). */
  operations?: string[];
  /**
   * The impact for callers that send the node and for those that read it, when it depends on direction:
   * each operation is then rated by the directions it uses the node in (`impact` is the highest).
   */
  byRole?: ImpactByRole;
  /** Rates each operation itself (e.g. by the scopes it requires); wins over `byRole`. */
  impactFor?: (operation: string) => Impact;
};

export type Finding = {
  /** rule:operation:location, the same across runs and rebases (no line numbers in it). */
  id: string;
  rule: string;
  level: Level;
  impact: Impact;
  /** "METHOD /path", or "document" for a part of the document no operation reaches. */
  operation: string;
  message: string;
  source: Draft['source'];
  /** How the operation uses the changed node: request, parameter, response, header, security (or none). */
  directions: Direction[];
  /** The oasdiff check this corresponds to, where oasdiff has one. */
  oasdiff?: string;
  /** Known consumers (consumers/*.json) the change hits; set on breaking findings when any file exists. */
  consumers?: string[];
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
