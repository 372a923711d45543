// Who a breaking change hits: each team commits the usage file its test run against the mock wrote
// (`mock.usage()` or GET /__mock/usage of @banking-api/mock) as consumers/<team>.json. A breaking finding
// names the teams whose recorded calls used its operation (and, where the finding is about one field or
// parameter, that field or parameter); an empty list says it hits no known consumer.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pointerSegments } from '../../model/pointer.ts';
import type { Finding } from './finding.ts';

type Counts = Record<string, number>;
export type OperationUsage = {
  calls: number;
  parameters: Counts;
  requestFields: Counts;
  responseFields: Counts;
};
export type Consumer = { team: string; operations: Record<string, OperationUsage> };

const isCounts = (v: unknown): v is Counts =>
  !!v && typeof v === 'object' && Object.values(v).every((n) => typeof n === 'number');

/** A usage document (format version 1), or why it is not one. */
function usageOf(doc: unknown): Record<string, OperationUsage> | string {
  const { usageVersion, operations } = (doc ?? {}) as { usageVersion?: unknown; operations?: unknown };
  if (usageVersion !== 1) return `usageVersion must be 1, not ${JSON.stringify(usageVersion)}`;
  if (!operations || typeof operations !== 'object') return 'operations must be an object';
  for (const [key, u] of Object.entries(operations as Record<string, Partial<OperationUsage>>))
    if (typeof u?.calls !== 'number' || ![u.parameters, u.requestFields, u.responseFields].every(isCounts))
      return `operations["${key}"] must have calls, parameters, requestFields and responseFields`;
  return operations as Record<string, OperationUsage>;
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

/** The field chain a pointer ends in (`note.tag` from `…/properties/note/properties/tag/readOnly`). */
function fieldChain(pointer: string): string[] {
  const segments = pointerSegments(pointer);
  const chain: string[] = [];
  for (let i = 0; i < segments.length - 1; i++)
    if (segments[i] === 'properties') chain.push(segments[i + 1] as string);
    else if (segments[i] === 'items' && chain.length) chain[chain.length - 1] += '[]';
  return chain;
}

/** A used field path the change touches: the same field, one inside it, or the field it sits in. */
function touches(used: string, chain: string[]): boolean {
  const parts = used.split('.');
  const n = Math.min(parts.length, chain.length);
  for (let start = 0; start + n <= parts.length; start++)
    if (chain.slice(0, n).every((c, i) => c.replace('[]', '') === parts[start + i]?.replace('[]', '')))
      return true;
  return false;
}

/** Whether one consumer's usage of the finding's operation reaches what the finding changes. */
function hits(usage: OperationUsage | undefined, f: Finding): boolean {
  if (!usage || usage.calls === 0) return false;
  const chain = fieldChain(f.location.pointer);
  if (chain.length === 0) return true; // the operation, a parameter or a response as a whole
  const fields = f.directions.flatMap((d) =>
    d === 'request'
      ? Object.keys(usage.requestFields)
      : d === 'response'
        ? Object.keys(usage.responseFields)
        : [],
  );
  return fields.some((used) => touches(used, chain));
}

/** The findings, each breaking one with the teams it hits (an empty list: no known consumer). */
export function nameConsumers(findings: Finding[], consumers: Consumer[]): Finding[] {
  if (consumers.length === 0) return findings;
  return findings.map((f) =>
    f.level === 'breaking'
      ? { ...f, consumers: consumers.filter((c) => hits(c.operations[f.operation], f)).map((c) => c.team) }
      : f,
  );
}
