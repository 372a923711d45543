// "Not shown" gaps (`x-unspecified` on operations and in info) newly marked or resolved by a change.
import { DOCUMENT, listOperations } from './operations.ts';

export type Gap = { where: string; topic: string; detail: string };
export type GapsDelta = { marked: Gap[]; resolved: Gap[] };

function gapsOf(doc: unknown): Gap[] {
  const read = (where: string, list: unknown): Gap[] =>
    Array.isArray(list)
      ? list.map((g: { topic?: unknown; detail?: unknown }) => ({
          where,
          topic: String(g?.topic),
          detail: String(g?.detail),
        }))
      : [];
  const info = (doc as { info?: Record<string, unknown> })?.info;
  const gaps = read(DOCUMENT, info?.['x-unspecified']);
  for (const op of listOperations(doc).values()) gaps.push(...read(op.key, op.node['x-unspecified']));
  return gaps;
}

const id = (g: Gap) => `${g.where}\u0000${g.topic}\u0000${g.detail}`;

/**
 * A new operation's gaps count as marked; a removed operation's gaps are not "resolved" (it is gone).
 * `renames` maps old operation keys to new ones (renamed path parameters: the same operation).
 */
export function gapsDelta(base: unknown, head: unknown, renames = new Map<string, string>()): GapsDelta {
  const kept = new Set([DOCUMENT, ...listOperations(head).keys()]);
  const before = gapsOf(base)
    .map((g) => ({ ...g, where: renames.get(g.where) ?? g.where }))
    .filter((g) => kept.has(g.where));
  const after = gapsOf(head);
  const beforeIds = new Set(before.map(id));
  const afterIds = new Set(after.map(id));
  return {
    marked: after.filter((g) => !beforeIds.has(id(g))),
    resolved: before.filter((g) => !afterIds.has(id(g))),
  };
}
