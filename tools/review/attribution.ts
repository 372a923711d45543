// Which operations an engine change names: exactly those whose effective request or response changed.
// The engine reports a change once per pair of source nodes (base, revision) and gives both pointers; each
// pointer is read on its own side's contract model (what the operation reaches there).

import type { ContractModel, Operation } from '@banking-api/contract';
import type { LoadedContract } from '../../model/load.ts';
import { pointerSegments } from '../../model/pointer.ts';
import type { EngineChange } from './diff-engine.ts';
import { DOCUMENT, operationsAt } from './pointer-operations.ts';

export type Sides = {
  base: LoadedContract;
  head: LoadedContract;
  /** Old "METHOD /path" → new, for operations whose path parameter was renamed (the same operation). */
  renames: Map<string, string>;
};

/** Operations whose security alternatives use the scheme `name`. */
const schemeUsers = (model: ContractModel, name: string): string[] =>
  model.operations
    .filter((op) => op.security.some((alternative) => alternative.some((r) => r.scheme === name)))
    .map((op) => op.key);

const allOperations = (model: ContractModel) => model.operations.map((op) => op.key);

/**
 * Who a document-wide part reaches: a security scheme its users, servers and the document's default
 * `security` every operation. Undefined for any other pointer.
 */
function documentWide(pointer: string): ((model: ContractModel) => string[]) | undefined {
  const [root, kind, name] = pointerSegments(pointer);
  if (root === 'components' && kind === 'securitySchemes' && name !== undefined) {
    return (model) => schemeUsers(model, name);
  }
  if (root === 'servers' || root === 'security') return allOperations;
  return undefined;
}

/** Servers and security schemes reach their operations even where the model's view of them is unchanged. */
const reachesByDefinition = (pointer: string) => {
  const [root, kind] = pointerSegments(pointer);
  return root === 'servers' || (root === 'components' && kind === 'securitySchemes');
};

/** Operations a pointer names on its side, under their head keys (renamed operations under the new key). */
function keysAt(pointer: string, side: LoadedContract, renames: Map<string, string>): string[] {
  const keys = documentWide(pointer)?.(side.model) ?? operationsAt(pointer, side.model);
  return keys.map((key) => renames.get(key) ?? key);
}

/** What an operation looks like to a client: everything the model says but where it is written. */
/** The operation without where it is written or what it names (its `source` not read: the loader finds it when asked). */
const effective = (op: Operation) =>
  JSON.stringify(
    Object.keys(op).flatMap((k) =>
      k === 'source' || k === 'components' ? [] : [[k, op[k as keyof Operation]]],
    ),
  );

/** Which operations differ between the sides, by head key (added and removed ones included). */
export type Changed = Pick<ReadonlySet<string>, 'has'>;

/**
 * Operations that differ between the sides, each compared when first asked about: a change names a few
 * operations, and comparing all of them was a tenth of a review's own time at 2,002 operations.
 */
export function changedOperations({ base, head, renames }: Sides): Changed {
  const before = new Map(base.model.operations.map((op) => [renames.get(op.key) ?? op.key, op]));
  const after = new Map(head.model.operations.map((op) => [op.key, op]));
  const known = new Map<string, boolean>();
  const differs = (a: Operation | undefined, b: Operation | undefined) =>
    a && b ? effective(a) !== effective(b) : a !== b;
  return {
    has: (key) => {
      const answer = known.get(key) ?? differs(before.get(key), after.get(key));
      known.set(key, answer);
      return answer;
    },
  };
}

const intersect = (a: string[], b: string[]) => a.filter((key) => b.includes(key));

/**
 * Operations both source nodes belong to. A change inside a shared component has the same pointer on both
 * sides: every user of it. A change that moves one operation off a component (an inlined, narrowed `$ref`)
 * has the old component on one side and the new node on the other: only the operations reaching both.
 */
function candidates(change: EngineChange, sides: Sides): string[] {
  const before = change.base && keysAt(change.base.pointer, sides.base, sides.renames);
  const after = change.revision && keysAt(change.revision.pointer, sides.head, sides.renames);
  const where = keysAt(change.path, change.kind === 'removed' ? sides.base : sides.head, sides.renames);
  if (before && after) {
    const both = intersect(before, after);
    return both.length ? both : [...new Set([...before, ...after, ...where])];
  }
  return before ?? after ?? where;
}

/**
 * The operations (head keys, sorted) whose effective request or response the change touches; `document`
 * when it touches none (info, tags, an unused component). `changed`: see changedOperations.
 */
export function operationsOf(change: EngineChange, sides: Sides, changed: Changed): string[] {
  const all = [...new Set(candidates(change, sides))].filter((key) => key !== DOCUMENT);
  if (all.length === 0) return [DOCUMENT];
  // Narrow to the operations that really changed; keep all when the model cannot see the change at all.
  const pointers = [change.path, change.base?.pointer, change.revision?.pointer];
  const byDefinition = pointers.some((p) => p !== undefined && reachesByDefinition(p));
  const narrowed = byDefinition ? all : all.filter((key) => changed.has(key));
  return (narrowed.length ? narrowed : all).sort();
}
