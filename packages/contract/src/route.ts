// Which operation a request names, decided on the model's path templates: the one router of the mock,
// the verifier and the tests. Give it a normalized, still percent-encoded path (no query).
import type { ContractModel, HttpMethod, Operation } from './model.js';

export interface RouteMatch {
  readonly operation: Operation;
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

export type RouteResult =
  | { readonly kind: 'match'; readonly match: RouteMatch }
  /** The path exists, the method does not: `allowed` lists the methods that do. */
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly HttpMethod[] }
  | { readonly kind: 'not-found' }
  /** A path parameter holds a malformed percent-escape. */
  | { readonly kind: 'bad-path'; readonly reason: string };

interface CompiledRoute {
  readonly operation: Operation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal characters in the template: more literal text wins over a parameter (`/a/b` before `/a/{x}`). */
  readonly literalLength: number;
  /** Per segment, whether it is written without a parameter. */
  readonly literalSegments: readonly boolean[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

function compile(operation: Operation): CompiledRoute {
  const parts = operation.path.split(/\{[^}]+\}/);
  return {
    operation,
    pattern: new RegExp(`^${parts.map(escapeRegExp).join('([^/]+)')}$`),
    names: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
    literalLength: parts.join('').length,
    literalSegments: segmentsOf(operation.path).map((segment) => !segment.includes('{')),
  };
}

/**
 * Most specific first, as OpenAPI asks ("concrete paths are matched before templated ones"): at the first
 * segment where two templates differ, the literal one wins (`/rec/ativas/{x}` before `/rec/{id}/{x}`); then
 * more literal text; then, for identical templates, one served at the document's servers before one that
 * names servers of its own (the Pix API's `GET /rec/{recUrlAccessToken}`, on the receiving PSP's host, after
 * `GET /rec/{idRec}`); else document order.
 */
function bySpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const length = Math.min(a.literalSegments.length, b.literalSegments.length);
  for (let i = 0; i < length; i++)
    if (a.literalSegments[i] !== b.literalSegments[i]) return a.literalSegments[i] ? -1 : 1;
  if (a.literalLength !== b.literalLength) return b.literalLength - a.literalLength;
  return Number(Boolean(a.operation.ownServers)) - Number(Boolean(b.operation.ownServers));
}

/** Leading segments of a template indexed on, at most: `/hb/cards/{id}` is found under `3|hb|cards`. */
const INDEXED_DEPTH = 2;

const segmentsOf = (path: string) => path.split('/');

/** Index keys: segment count, then up to INDEXED_DEPTH leading segments (all literal, for a template). */
function keyOf(segments: readonly string[], depth: number): string {
  return [segments.length, ...segments.slice(1, 1 + depth)].join('|');
}

/** How many leading segments (after the first `/`) of a template are literal, up to INDEXED_DEPTH. */
function literalDepth(segments: readonly string[]): number {
  let depth = 0;
  while (depth < INDEXED_DEPTH && depth + 1 < segments.length && !segments[depth + 1]?.includes('{')) depth++;
  return depth;
}

/**
 * The routes that can match a path, in the routes' order. A parameter matches within one segment, so a
 * template matches only paths of its own segment count, and its literal leading segments only themselves:
 * routes are indexed on both, and a request tests a few patterns, not every operation's (with 2,002
 * operations, testing them all grew the mock's CPU per request by 65%: bench/scale.ts).
 */
function candidatesOf(routes: readonly CompiledRoute[]): (path: string) => CompiledRoute[] {
  const index = new Map<string, number[]>();
  routes.forEach((route, at) => {
    const segments = segmentsOf(route.operation.path);
    const key = keyOf(segments, literalDepth(segments));
    index.set(key, [...(index.get(key) ?? []), at]);
  });
  return (path) => {
    const segments = segmentsOf(path);
    const found: number[] = [];
    for (let depth = 0; depth <= INDEXED_DEPTH; depth++)
      found.push(...(index.get(keyOf(segments, depth)) ?? []));
    return found.sort((a, b) => a - b).map((at) => routes[at] as CompiledRoute);
  };
}

/** A router over the model's operations; most specific template first, as OpenAPI requires. */
export function createRouter(model: ContractModel): (method: string, path: string) => RouteResult {
  const routes = model.operations.map(compile).sort(bySpecificity);
  const candidates = candidatesOf(routes);
  return (method, path) => {
    const matching = candidates(path).filter((r) => r.pattern.test(path));
    if (matching.length === 0) return { kind: 'not-found' };
    const route = matching.find((r) => r.operation.method === method.toUpperCase());
    if (!route)
      return { kind: 'method-not-allowed', allowed: [...new Set(matching.map((r) => r.operation.method))] };
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    const params: Record<string, string> = {};
    for (const [i, name] of route.names.entries()) {
      try {
        params[name] = decodeURIComponent(values[i] ?? '');
      } catch {
        return { kind: 'bad-path', reason: `path parameter ${name} has a malformed percent-escape` };
      }
    }
    return { kind: 'match', match: { operation: route.operation, params } };
  };
}
