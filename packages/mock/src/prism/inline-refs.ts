// What operations-of.ts needs of a document's local `$ref`s: how large the document would be once every
// `$ref` is replaced by what it points at (counted by memo, so a huge expansion costs no more than the
// document), and the few places Prism needs inline when it is handed a document it did not dereference.
type Node = Record<string, unknown> | unknown[];
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * The number of nodes of `document` with its `$ref`s expanded, counted up to `bound` (a larger number means
 * "past it"). A `$ref` met again inside its own expansion counts one (a cycle stays a reference).
 */
export function expandedSize(document: object, bound: number): number {
  const memo = new Map<string, number>();
  const count = (value: unknown, following: Set<string>): number => {
    if (!isNode(value)) return 1;
    const ref = refOf(value);
    if (ref !== undefined) {
      if (following.has(ref)) return 1;
      const known = memo.get(ref);
      if (known !== undefined) return known;
      const target = pointed(document, ref);
      if (target === undefined) return 1;
      following.add(ref);
      const size = count(target, following);
      following.delete(ref);
      memo.set(ref, size);
      return size;
    }
    let size = 1;
    for (const child of Object.values(value)) {
      size += count(child, following);
      if (size > bound) return size;
    }
    return size;
  };
  return count(document, new Set());
}

/** `allOf` members that are `$ref`s, and `$ref`s inside example values, replaced by copies of their targets. */
export function inlineForPrism(document: object): void {
  const todo: Node[] = [document as Node];
  while (todo.length > 0) {
    const node = todo.pop() as Node;
    for (const [key, value] of Object.entries(node)) {
      if (!isNode(value)) continue;
      const record = node as Record<string, unknown>;
      if (key === 'example' || key === 'examples') record[key] = resolved(document, value, []);
      else if (key === 'allOf' && Array.isArray(value))
        record[key] = value.map((member) => resolvedAllOf(document, member, []));
      if (isNode(record[key])) todo.push(record[key] as Node);
    }
  }
}

/** An `allOf` member with its own `$ref` followed (and its target's `allOf` members, a cycle left as it is). */
function resolvedAllOf(document: object, member: unknown, following: readonly string[]): unknown {
  const ref = isNode(member) ? refOf(member) : undefined;
  if (ref === undefined || following.includes(ref)) return member;
  const target = pointed(document, ref);
  if (!isNode(target) || Array.isArray(target)) return member;
  const copy: Record<string, unknown> = { ...target };
  if (Array.isArray(copy.allOf))
    copy.allOf = copy.allOf.map((m) => resolvedAllOf(document, m, [...following, ref]));
  return copy;
}

/** `value` with every local `$ref` followed (a copy); one met again inside itself stays a `$ref`. */
function resolved(document: object, value: unknown, following: readonly string[]): unknown {
  if (!isNode(value)) return value;
  if (Array.isArray(value)) return value.map((item) => resolved(document, item, following));
  const ref = refOf(value);
  if (ref !== undefined && !following.includes(ref)) {
    const target = pointed(document, ref);
    if (target !== undefined) return resolved(document, target, [...following, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(document, v, following)]));
}

/** A node's local `$ref` when it is only that (siblings make it a schema of its own). */
function refOf(node: Node): string | undefined {
  if (Array.isArray(node)) return undefined;
  const ref = node.$ref;
  return typeof ref === 'string' && ref.startsWith('#') ? ref : undefined;
}

/** What a local JSON pointer (`#/a/b~1c`, percent-encoded or not) names in `document`, if anything. */
function pointed(document: object, ref: string): unknown {
  let at: unknown = document;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {}
    segment = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isNode(at) || !Object.hasOwn(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}
