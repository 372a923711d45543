// Who a breaking change hits: each team commits a usage file as consumers/<team>.json, recorded by its own
// test run. Version 2 says what the team's code depends on: the client's usage recorder
// (`recordUsage` of @banking-api/client) records the parameters and body fields the code sends and the
// response fields and headers it reads; the mock (`mock.usage()`) records what it was sent, and cannot know
// what was read. A breaking finding names the teams whose recorded usage it touches; where a file cannot tell
// (a response field, and no reads recorded), the team is listed as unknown rather than hit or spared.
// Version 1 files (the mock's, before) list the response fields the mock *sent*: read as unknown reads too.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FieldUse, Finding } from './finding.ts';

type Counts = Record<string, number>;
export type OperationUsage = {
  calls: number;
  parameters: Counts;
  requestFields: Counts;
  /** Fields the team's code read (version 2, recorded by the client); undefined: not recorded. */
  responseFields?: Counts;
  /** Response headers the team's code read (version 2, recorded by the client). */
  responseHeaders?: Counts;
};
export type Consumer = { team: string; operations: Record<string, OperationUsage> };

const isCounts = (v: unknown): v is Counts =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((n) => typeof n === 'number');

/** One operation's usage from a file of `version`; a string says why it is not one. */
function operationUsage(key: string, u: Record<string, unknown>, version: number): OperationUsage | string {
  const complaint = `operations[${JSON.stringify(key)}] must have calls, parameters and requestFields`;
  if (typeof u?.calls !== 'number' || !isCounts(u.parameters) || !isCounts(u.requestFields)) return complaint;
  for (const name of ['responseFields', 'responseHeaders'])
    if (u[name] !== undefined && !isCounts(u[name]))
      return `operations[${JSON.stringify(key)}].${name} must map names to counts`;
  const usage: OperationUsage = { calls: u.calls, parameters: u.parameters, requestFields: u.requestFields };
  // Version 1's responseFields are what the mock sent, not what anyone read.
  if (version === 2 && isCounts(u.responseFields)) usage.responseFields = u.responseFields;
  if (version === 2 && isCounts(u.responseHeaders)) usage.responseHeaders = u.responseHeaders;
  return usage;
}

/** A usage document (format version 1 or 2), or why it is not one. */
function usageOf(doc: unknown): Record<string, OperationUsage> | string {
  const { usageVersion, operations } = (doc ?? {}) as { usageVersion?: unknown; operations?: unknown };
  if (usageVersion !== 1 && usageVersion !== 2)
    return `usageVersion must be 1 or 2, not ${JSON.stringify(usageVersion)}`;
  if (!operations || typeof operations !== 'object' || Array.isArray(operations))
    return 'operations must be an object';
  const out: Record<string, OperationUsage> = Object.create(null);
  for (const [key, u] of Object.entries(operations as Record<string, Record<string, unknown>>)) {
    const usage = operationUsage(key, u, usageVersion);
    if (typeof usage === 'string') return usage;
    out[key] = usage;
  }
  return out;
}

/** Every consumers/<team>.json in `dir` (none when the folder does not exist); a malformed file throws. */
export async function readConsumers(dir: string): Promise<Consumer[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const consumers: Consumer[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const file = path.join(dir, name);
    let usage: ReturnType<typeof usageOf>;
    try {
      usage = usageOf(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      usage = (error as Error).message;
    }
    if (typeof usage === 'string') throw new Error(`${file}: not a usage file: ${usage}`);
    consumers.push({ team: path.basename(name, '.json'), operations: usage });
  }
  return consumers;
}

const bare = (part: string) => part.replace(/\[\]$/, '');

/** A used field path the change touches: the same field, one inside it, or the field it sits in. */
export function touches(used: string, changed: string): boolean {
  const [a, b] = [used.split('.').map(bare), changed.split('.').map(bare)];
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((part, i) => part === b[i] || part === '*' || b[i] === '*');
}

type Verdict = 'hit' | 'unknown' | 'spared';

/**
 * The paths of a record that were used as they are: those with nothing recorded inside them. A recorder notes
 * `card` on the way to `card.cardProxy`; that code reads `card.cardProxy`, not every field of `card`.
 */
function leaves(counts: Counts): string[] {
  const paths = Object.keys(counts);
  const parents = new Set<string>();
  for (const p of paths) for (const m of p.matchAll(/\.|\[\]/g)) parents.add(p.slice(0, m.index));
  return paths.filter((p) => !parents.has(p));
}

/** Whether one recorded use of a field touches what the finding changes. */
function useVerdict(usage: OperationUsage, use: FieldUse): Verdict {
  const recorded = (counts: Counts | undefined) =>
    counts === undefined
      ? 'unknown'
      : leaves(counts).some((used) => touches(used, use.path))
        ? 'hit'
        : 'spared';
  if (use.direction === 'parameter') return recorded(usage.parameters);
  if (use.direction === 'request') return recorded(usage.requestFields);
  if (use.direction === 'response') return recorded(usage.responseFields);
  if (use.direction === 'header') {
    if (!usage.responseHeaders) return 'unknown';
    const name = use.path.toLowerCase();
    return Object.keys(usage.responseHeaders).some((k) => k.toLowerCase() === name) ? 'hit' : 'spared';
  }
  return 'hit';
}

/** Whether one consumer's usage of the finding's operation reaches what the finding changes. */
function verdict(usage: OperationUsage | undefined, f: Finding): Verdict {
  if (!usage || usage.calls === 0) return 'spared';
  if (f.fields.length === 0) return 'hit'; // the operation, a response or a body as a whole
  const verdicts = f.fields.map((use) => useVerdict(usage, use));
  return verdicts.includes('hit') ? 'hit' : verdicts.includes('unknown') ? 'unknown' : 'spared';
}

/** The findings, each breaking one with the teams it hits (an empty list: no known consumer) and those it may. */
export function nameConsumers(findings: Finding[], consumers: Consumer[]): Finding[] {
  if (consumers.length === 0) return findings;
  return findings.map((f) => {
    if (f.level !== 'breaking') return f;
    const verdicts = consumers.map((c) => [c.team, verdict(c.operations[f.operation], f)] as const);
    const unknown = verdicts.filter(([, v]) => v === 'unknown').map(([team]) => team);
    return {
      ...f,
      consumers: verdicts.filter(([, v]) => v === 'hit').map(([team]) => team),
      ...(unknown.length && { consumersUnknown: unknown }),
    };
  });
}
