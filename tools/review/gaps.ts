// "Not shown" gaps (`x-unspecified` on operations and in info) newly marked or resolved by a change.
import type { ContractModel } from '@banking-api/contract';
import { DOCUMENT } from './finding.ts';

export type Gap = { where: string; topic: string; detail: string };
export type GapsDelta = { marked: Gap[]; resolved: Gap[] };

/** Every gap of a model: the document's (`info`), then each operation's under its key. */
const gapsOf = (model: ContractModel): Gap[] => [
  ...model.gaps.map((g) => ({ where: DOCUMENT, topic: g.topic, detail: g.detail })),
  ...model.operations.flatMap((op) =>
    op.gaps.map((g) => ({ where: op.key, topic: g.topic, detail: g.detail })),
  ),
];

const id = (g: Gap) => `${g.where}\u0000${g.topic}\u0000${g.detail}`;

/**
 * A new operation's gaps count as marked; a removed operation's gaps are not "resolved" (it is gone).
 * `renames` maps old operation keys to new ones (renamed path parameters: the same operation).
 */
export function gapsDelta(
  base: ContractModel,
  head: ContractModel,
  renames = new Map<string, string>(),
): GapsDelta {
  const kept = new Set([DOCUMENT, ...head.operations.map((op) => op.key)]);
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
