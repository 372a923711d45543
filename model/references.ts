// Which components each operation names, and which components each component names, read from the bundle's
// `$ref`s in one pass: edges from where a `$ref` is written to the component it names. What an operation
// reaches through them is @banking-api/contract's query (components.ts): listed per operation, the reach of
// Stripe's spec (each of its 468 operations reaches most of its 800 mutually recursive components) was
// 13 MB of the model's 16. Linear in the document: at 2,002 operations the walk-per-operation that preceded
// the one pass took 28 s.
import { escapePointerFragment } from '@redocly/openapi-core';
import { type Json, nodeAt } from './refs.ts';

/** `#/components/schemas/Amount` from any pointer inside that component. */
const componentOf = (pointer: string) => pointer.split('/').slice(0, 4).join('/');

type OperationRef = { key: string; method: string; path: string };

export type OperationReferences = {
  /** Components each operation names itself (its path item's component too, when `$ref`'d), sorted. */
  components: Map<string, string[]>;
  /**
   * Components each component names, sorted (a path item's none: each of its operations names its own, so
   * that operations sharing a path-item component reach only their own method's references).
   */
  graph: Record<string, string[]>;
  /** Where each operation's object is: under #/paths, or in the path-item component its path item `$ref`s. */
  pointers: Map<string, string>;
};

/** Every `$ref` of the document: the pointer it is written at, and the pointer it names. */
function refEdges(doc: unknown): { from: string; to: string }[] {
  const edges: { from: string; to: string }[] = [];
  const visit = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) edges.push({ from: at, to: ref });
    for (const [key, child] of Object.entries(node)) visit(child, `${at}/${escapePointerFragment(key)}`);
  };
  visit(doc, '#');
  return edges;
}

const PATH_ITEMS = '#/components/pathItems/';

/**
 * Who a `$ref` written at `pointer` belongs to: its component, and for a node of a path item (under `#/paths`
 * or a path-item component) also that node (`…/get`, `…/parameters`), so that operations sharing a path-item
 * component reach only their own method's references.
 */
function ownersOf(pointer: string): string[] {
  const segments = pointer.split('/');
  if (pointer.startsWith(PATH_ITEMS)) return [componentOf(pointer), segments.slice(0, 5).join('/')];
  if (pointer.startsWith('#/components/')) return [componentOf(pointer)];
  return [segments.slice(0, 4).join('/')];
}

export function operationReferences(bundled: Json, operations: readonly OperationRef[]): OperationReferences {
  // Direct references of each owner: components, path items, operations and path-item parameter lists.
  const direct = new Map<string, Set<string>>();
  for (const { from, to } of refEdges(bundled))
    for (const owner of ownersOf(from)) {
      const targets = direct.get(owner) ?? new Set<string>();
      targets.add(componentOf(to));
      direct.set(owner, targets);
    }
  const isComponent = (owner: string) =>
    owner.startsWith('#/components/') && owner === componentOf(owner) && !owner.startsWith(PATH_ITEMS);
  const graph = Object.fromEntries(
    [...direct]
      .filter(([owner]) => isComponent(owner))
      .map(([owner, targets]) => [owner, [...targets].sort()] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const components = new Map<string, string[]>();
  const pointers = new Map<string, string>();
  for (const op of operations) {
    const written = `#/paths/${escapePointerFragment(op.path)}`;
    const pathItemRef = (nodeAt(bundled, written) as Json | undefined)?.$ref;
    const item = typeof pathItemRef === 'string' ? pathItemRef : written;
    const method = op.method.toLowerCase();
    pointers.set(op.key, `${item}/${method}`);
    const own = [...ownedBy(direct, `${item}/${method}`), ...ownedBy(direct, `${item}/parameters`)];
    if (typeof pathItemRef === 'string') own.push(componentOf(pathItemRef));
    components.set(op.key, [...new Set(own)].sort());
  }
  return { components, graph, pointers };
}

/** What a node under a path item references, directly. */
const ownedBy = (direct: Map<string, Set<string>>, owner: string): string[] => [...(direct.get(owner) ?? [])];

/** The operation object of each operation (by key) in `doc`, the bundle or a copy of it, to read or annotate. */
export function operationObjects(doc: Json, pointers: ReadonlyMap<string, string>): Map<string, Json> {
  return new Map(
    [...pointers].map(([key, pointer]) => {
      const node = nodeAt(doc, pointer);
      if (!node || typeof node !== 'object') throw new Error(`${key}: no operation object at ${pointer}`);
      return [key, node as Json];
    }),
  );
}
