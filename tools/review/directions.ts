// In which direction each operation uses a node of the document: a request body it sends, a parameter it
// sends, a response body or header it reads, or a security scheme it authenticates with. A shared
// component can be all of these for different operations, and an edit that narrows it breaks senders while
// one that widens it breaks readers: findings are rated per operation and per direction (rating.ts).
//
// One pass over the bundle's `$ref`s per side, made only when a finding is inside a component.
import { escapePointerFragment } from '@redocly/openapi-core';
import type { LoadedContract } from '../../model/load.ts';
import { pointerSegments } from '../../model/pointer.ts';

export type Direction = 'request' | 'parameter' | 'response' | 'header' | 'security';

/** What the caller does with a node in that direction: sends it, reads it, or both (security). */
export type Role = 'send' | 'read';
export const roleOf = (direction: Direction): Role[] =>
  direction === 'request' || direction === 'parameter'
    ? ['send']
    : direction === 'security'
      ? ['send', 'read']
      : ['read'];

/**
 * The direction of a node from its segments below an operation, path item or component (`requestBody/…`,
 * `responses/200/headers/…`, `parameters/0/…`), refining `inherited` (the direction it was reached in).
 */
export function directionBelow(segments: readonly string[], inherited?: Direction): Direction | undefined {
  if (segments.includes('headers')) return 'header';
  if (segments[0] === 'parameters') return 'parameter';
  if (segments[0] === 'requestBody') return 'request';
  if (segments[0] === 'responses') return 'response';
  if (segments[0] === 'security') return 'security';
  return inherited;
}

/** Direction of a component by its kind alone, where the kind says it (a parameter is always sent). */
function kindDirection(kind: string): Direction | undefined {
  if (kind === 'parameters') return 'parameter';
  if (kind === 'requestBodies') return 'request';
  if (kind === 'responses') return 'response';
  if (kind === 'headers') return 'header';
  if (kind === 'securitySchemes') return 'security';
  return undefined;
}

type Edge = { from: string[]; to: string };
const componentOf = (segments: readonly string[]) =>
  `#/components/${segments.slice(1, 3).map(escapePointerFragment).join('/')}`;

/** Each `$ref` of the bundle, grouped by owner: a component (`#/components/kind/name`) or `#/paths/<p>`. */
function edgesByOwner(doc: unknown): Map<string, Edge[]> {
  const owners = new Map<string, Edge[]>();
  const visit = (node: unknown, at: string[]) => {
    if (node === null || typeof node !== 'object') return;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/')) {
      const owner =
        at[0] === 'components' ? componentOf(at) : `#/paths/${escapePointerFragment(at[1] ?? '')}`;
      const list = owners.get(owner) ?? [];
      list.push({ from: at, to: componentOf(pointerSegments(ref)) });
      owners.set(owner, list);
    }
    for (const [key, child] of Object.entries(node)) visit(child, [...at, key]);
  };
  visit(doc, []);
  return owners;
}

/** Operation key → component pointer → the directions the operation reaches it in. */
export type DirectionMap = Map<string, Map<string, Set<Direction>>>;

/** The directions each operation reaches each component in, over the component graph. */
export function componentDirections(side: LoadedContract): DirectionMap {
  const owners = edgesByOwner(side.bundle);
  const result: DirectionMap = new Map();
  for (const op of side.model.operations) {
    const reached = new Map<string, Set<Direction>>();
    const todo: [string, Direction][] = [];
    const pathOwner = `#/paths/${escapePointerFragment(op.path)}`;
    const method = op.method.toLowerCase();
    for (const edge of owners.get(pathOwner) ?? []) {
      const [, , where, ...rest] = edge.from;
      if (where !== method && where !== 'parameters') continue;
      const below = where === 'parameters' ? ['parameters', ...rest] : rest;
      const direction = directionBelow(below) ?? kindDirection(pointerSegments(edge.to)[1] ?? '');
      if (direction) todo.push([edge.to, direction]);
    }
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [component, direction] = next;
      const seen = reached.get(component) ?? new Set<Direction>();
      if (seen.has(direction)) continue;
      seen.add(direction);
      reached.set(component, seen);
      for (const edge of owners.get(component) ?? []) {
        const kind = edge.from[1] ?? '';
        const refined = directionBelow(edge.from.slice(3), kindDirection(kind) ?? direction) ?? direction;
        todo.push([edge.to, kind === 'schemas' ? direction : refined]);
      }
    }
    for (const scheme of new Set(op.security.flat().map((r) => r.scheme)))
      reached.set(`#/components/securitySchemes/${escapePointerFragment(scheme)}`, new Set(['security']));
    result.set(op.key, reached);
  }
  return result;
}

/**
 * The directions operation `key` uses the node at `pointer` in (a pointer of the side `map` was made for):
 * below the operation by where it is written, in a component by how the operation reaches it.
 */
export function directionsAt(pointer: string, key: string, map: () => DirectionMap): Direction[] {
  const segments = pointerSegments(pointer);
  if (segments[0] === 'paths') {
    const below = segments[2] === 'parameters' ? segments.slice(2) : segments.slice(3);
    const direction = directionBelow(below);
    return direction ? [direction] : [];
  }
  if (segments[0] === 'components' && segments.length >= 3) {
    const component = componentOf(segments);
    const own = kindDirection(segments[1] ?? '');
    const inner = directionBelow(segments.slice(3), undefined);
    const reached = [...(map().get(key)?.get(component) ?? [])];
    if (inner === 'header') return ['header'];
    return reached.length ? reached : own ? [own] : [];
  }
  if (segments[0] === 'security') return ['security'];
  return [];
}

/** Lazily made, once per side per review. */
export function directionMaps(): (side: LoadedContract) => () => DirectionMap {
  const cache = new Map<LoadedContract, DirectionMap>();
  return (side: LoadedContract) => () => {
    let map = cache.get(side);
    if (!map) {
      map = componentDirections(side);
      cache.set(side, map);
    }
    return map;
  };
}
