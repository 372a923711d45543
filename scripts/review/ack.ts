// Acknowledging breaking changes without a major bump: each one is listed, with a reason, in
// info.x-breaking-changes-acknowledged. Only entries added by the change under review count, so an old
// acknowledgement never lets a later break through.
import { readFile } from 'node:fs/promises';
import { LineCounter, parseDocument } from 'yaml';
import { type Change, isBreaking } from './change.ts';
import type { VersionCheck } from './semver.ts';

export const ACK_KEY = 'x-breaking-changes-acknowledged';

export type Acknowledgement = { operation: string; reason: string };
export type Gate = {
  breakingOperations: string[];
  acknowledgedBy: 'none needed' | 'major version bump' | typeof ACK_KEY | undefined;
  unacknowledged: string[];
  /** Listed by this change but matching no breaking change. */
  unused: Acknowledgement[];
  errors: string[];
  passed: boolean;
};

function listOf(doc: unknown): unknown[] {
  const list = (doc as { info?: Record<string, unknown> })?.info?.[ACK_KEY];
  return Array.isArray(list) ? list : list === undefined ? [] : [list];
}

const valid = (e: unknown): e is Acknowledgement =>
  typeof (e as Acknowledgement)?.operation === 'string' &&
  typeof (e as Acknowledgement)?.reason === 'string' &&
  /^[A-Z]+ \/|^document$/.test((e as Acknowledgement).operation) &&
  (e as Acknowledgement).reason.trim() !== '';

/** "openapi.yaml:12" of info.x-breaking-changes-acknowledged[index] in the head source, for error messages. */
async function where(file: string, index: number): Promise<string> {
  const lines = new LineCounter();
  const doc = parseDocument(await readFile(file, 'utf8'), { lineCounter: lines });
  const node = doc.getIn(['info', ACK_KEY, index], true) as { range?: [number] } | undefined;
  return `${file}:${node?.range ? lines.linePos(node.range[0]).line : '?'}`;
}

export async function gate(
  changes: Change[],
  base: unknown,
  head: unknown,
  version: VersionCheck,
  headSource: string,
): Promise<Gate> {
  const breakingOperations = [...new Set(changes.filter(isBreaking).flatMap((c) => c.operations))].sort();
  const errors: string[] = [];
  const seen = new Set(listOf(base).map((e) => JSON.stringify(e)));
  const added: Acknowledgement[] = [];
  const raw = listOf(head);
  for (const [i, entry] of raw.entries()) {
    if (!valid(entry)) {
      errors.push(
        `${await where(headSource, i)}: info.${ACK_KEY}[${i}] must be { operation: "METHOD /path" (or "document"), reason: <non-empty text> }`,
      );
    } else if (!seen.has(JSON.stringify(entry))) added.push(entry);
  }
  const acked = new Set(added.map((a) => a.operation));
  const unused = added.filter((a) => !breakingOperations.includes(a.operation));
  const result = (acknowledgedBy: Gate['acknowledgedBy'], unacknowledged: string[]): Gate => ({
    breakingOperations,
    acknowledgedBy,
    unacknowledged,
    unused,
    errors,
    passed: unacknowledged.length === 0 && errors.length === 0,
  });
  if (breakingOperations.length === 0) return result('none needed', []);
  if (version.breakingAllowed) return result('major version bump', []);
  const unacknowledged = breakingOperations.filter((op) => !acked.has(op));
  return result(unacknowledged.length ? undefined : ACK_KEY, unacknowledged);
}
