// Changes that are no change for clients, left out before any rule reads the engine's report: a list whose
// order means nothing (`required`, `enum`, `type`, scopes) reordered, and a whole component added or
// removed (a `$ref` restructuring: the operations that use it report their own changes, if any). Key order
// never reaches us: the engine compares maps by key.
import { pointerSegments } from '../../../model/pointer.ts';
import type { EngineChange } from '../diff-engine.ts';

/** Keywords whose list value is a set. */
const UNORDERED = new Set(['required', 'enum', 'type']);

const sameSet = (a: unknown, b: unknown) =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  a.every((x) => b.some((y) => JSON.stringify(x) === JSON.stringify(y)));

/** A list of scopes in a security requirement (`security/0/bearerAuth`). */
const isScopeList = (change: EngineChange) => {
  const segments = pointerSegments(change.revision?.pointer ?? change.path);
  return (
    segments.at(-2) !== undefined && /^\d+$/.test(segments.at(-2) ?? '') && segments.at(-3) === 'security'
  );
};

/** A whole component, added or removed, without any operation's view of it changing. */
const wholeComponent = (change: EngineChange) => {
  const segments = pointerSegments(change.path);
  return change.kind !== 'modified' && segments[0] === 'components' && segments.length === 3;
};

export function equivalent(change: EngineChange): boolean {
  if (change.verdicts.length > 0) return false;
  if (wholeComponent(change) && change.path.split('/')[2] !== 'securitySchemes') return true;
  if (change.kind !== 'modified') return false;
  const reordered = sameSet(change.base?.value, change.revision?.value);
  return reordered && (UNORDERED.has(change.property ?? '') || isScopeList(change));
}

export const equivalenceCovers = [
  'reordered `required`, `enum`, `type` or scope lists, and keys in another order: no finding, no version bump',
  'a component added or removed as a whole (a `$ref` restructuring): no finding; the operations using it report their own changes',
];
