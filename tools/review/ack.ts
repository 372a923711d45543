// Acknowledging breaking changes without a major bump: each one is listed, with a reason, in
// info.x-breaking-changes-acknowledged, by the finding's stable id (or, the older form, by operation: all
// of its breaking findings). Only entries added by the change under review count, so an old
// acknowledgement never lets a later break through.
import { readFile } from 'node:fs/promises';
import { type Finding, isBreaking } from './finding.ts';
import type { LintDelta } from './lint-delta.ts';
import type { Problem } from './pipeline.ts';
import type { VersionCheck } from './semver.ts';

export const ACK_KEY = 'x-breaking-changes-acknowledged';

export type Acknowledgement = { id?: string; operation?: string; reason: string };
export type Gate = {
  breakingOperations: string[];
  acknowledgedBy: 'none needed' | 'major version bump' | typeof ACK_KEY | undefined;
  /** Ids of breaking findings nothing acknowledges. */
  unacknowledged: string[];
  /** Listed by this change but matching no breaking finding. */
  unused: Acknowledgement[];
  errors: string[];
  /** Lint errors the change introduces (when lint ran): each fails the gate; fix them, they cannot be acknowledged. */
  lintErrors: Problem[];
  passed: boolean;
};

/** What an acknowledgement names: the finding id, or the operation. */
export const ackLabel = (a: Acknowledgement) => a.id ?? a.operation ?? '';

function listOf(doc: unknown): unknown[] {
  const list = (doc as { info?: Record<string, unknown> })?.info?.[ACK_KEY];
  return Array.isArray(list) ? list : list === undefined ? [] : [list];
}

const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** `{ id, reason }`, or `{ operation: "METHOD /path" | "document", reason }`. */
function valid(e: unknown): e is Acknowledgement {
  const { id, operation, reason } = (e ?? {}) as Record<string, unknown>;
  if (!text(reason)) return false;
  if (id !== undefined) return text(id) && operation === undefined;
  return typeof operation === 'string' && /^[A-Z]+ \S|^document$/.test(operation);
}

const acknowledges = (a: Acknowledgement, f: Finding) => a.id === f.id || a.operation === f.operation;

/** "openapi.yaml:12" of info.x-breaking-changes-acknowledged[index] in the head source, for error messages. */
async function where(file: string, index: number): Promise<string> {
  const { LineCounter, parseDocument } = await import('yaml'); // only for this error message
  const lines = new LineCounter();
  const doc = parseDocument(await readFile(file, 'utf8'), { lineCounter: lines });
  const node = doc.getIn(['info', ACK_KEY, index], true) as { range?: [number] } | undefined;
  return `${file}:${node?.range ? lines.linePos(node.range[0]).line : '?'}`;
}

/** The valid entries the head adds to the base's list, and an error for each malformed one. */
async function addedAcknowledgements(base: unknown, head: unknown, headSource: string) {
  const seen = new Set(listOf(base).map((e) => JSON.stringify(e)));
  const added: Acknowledgement[] = [];
  const errors: string[] = [];
  for (const [i, entry] of listOf(head).entries()) {
    if (!valid(entry)) {
      errors.push(
        `${await where(headSource, i)}: info.${ACK_KEY}[${i}] must be { id: <finding id>, reason: <non-empty text> } (or { operation: "METHOD /path", reason })`,
      );
    } else if (!seen.has(JSON.stringify(entry))) added.push(entry);
  }
  return { added, errors };
}

export async function gate(
  findings: Finding[],
  base: unknown,
  head: unknown,
  version: VersionCheck,
  headSource: string,
  policy: { allowUnconsumed?: boolean; lint?: LintDelta | undefined } = {},
): Promise<Gate> {
  // With the policy on, a break no known consumer's recorded usage reaches (or may reach) needs no acknowledgement.
  const gated = (f: Finding) =>
    !policy.allowUnconsumed || (f.consumers?.length ?? 1) > 0 || (f.consumersUnknown?.length ?? 0) > 0;
  const lintErrors = (policy.lint?.introduced ?? []).filter((p) => p.severity === 'error');
  const breaking = findings.filter((f) => isBreaking(f) && gated(f));
  const breakingOperations = [...new Set(breaking.map((f) => f.operation))].sort();
  const { added, errors } = await addedAcknowledgements(base, head, headSource);
  const unused = added.filter((a) => !breaking.some((f) => acknowledges(a, f)));
  const result = (acknowledgedBy: Gate['acknowledgedBy'], unacknowledged: string[]): Gate => ({
    breakingOperations,
    acknowledgedBy,
    unacknowledged,
    unused,
    errors,
    lintErrors,
    passed: unacknowledged.length === 0 && errors.length === 0 && lintErrors.length === 0,
  });
  if (breaking.length === 0) return result('none needed', []);
  if (version.breakingAllowed) return result('major version bump', []);
  const unacknowledged = breaking.filter((f) => !added.some((a) => acknowledges(a, f))).map((f) => f.id);
  return result(unacknowledged.length ? undefined : ACK_KEY, unacknowledged);
}
