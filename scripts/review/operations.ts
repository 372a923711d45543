// Which operations a JSON pointer touches: directly (under /paths) or through `$ref`s into components.
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;
export type Operation = { key: string; method: string; path: string; operationId?: string; node: Json };

export const DOCUMENT = 'document';

export function parsePointer(pointer: string): string[] {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getAt(doc: unknown, segments: readonly string[]): unknown {
  let node = doc;
  for (const s of segments) node = node && typeof node === 'object' ? (node as Json)[s] : undefined;
  return node;
}

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Every operation of a document, keyed "METHOD /path". */
export function listOperations(doc: unknown): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [path, item] of Object.entries(((doc as Json)?.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const node = item?.[method] as Json | undefined;
      if (!node) continue;
      const key = operationKey(method, path);
      out.set(key, {
        key,
        method: method.toUpperCase(),
        path,
        operationId: node.operationId as string,
        node,
      });
    }
  }
  return out;
}

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, into);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) into.add(v.slice(1));
      else collectRefs(v, into);
    }
  }
}

/** Internal `$ref` targets (as "/components/...") reachable from each operation, transitively. */
export function reachableRefs(doc: unknown): Map<string, Set<string>> {
  const direct = new Map<string, Set<string>>();
  const refsOf = (target: string) => {
    let refs = direct.get(target);
    if (!refs) {
      refs = new Set();
      direct.set(target, refs);
      collectRefs(getAt(doc, parsePointer(target)), refs);
    }
    return refs;
  };
  const result = new Map<string, Set<string>>();
  for (const [key, op] of listOperations(doc)) {
    const pathItem = getAt(doc, ['paths', op.path]) as Json;
    const seen = new Set<string>();
    const todo = [...refsFromNode(op.node), ...refsFromNode(pathItem.parameters)];
    while (todo.length) {
      const ref = todo.pop() as string;
      if (seen.has(ref)) continue;
      seen.add(ref);
      todo.push(...refsOf(ref));
    }
    result.set(key, seen);
  }
  return result;
}

function refsFromNode(node: unknown): string[] {
  const refs = new Set<string>();
  collectRefs(node, refs);
  return [...refs];
}

/**
 * Operations a pointer (into `doc`) belongs to: the operation under /paths, every operation of a path item,
 * or every operation reaching a component by `$ref`. Document-wide parts (info, servers...) give "document".
 */
export function operationsAt(pointer: string, doc: unknown, refs: Map<string, Set<string>>): string[] {
  const [root, path, method] = parsePointer(pointer);
  if (root === 'paths' && path !== undefined) {
    if (method && (METHODS as readonly string[]).includes(method)) return [operationKey(method, path)];
    const item = (getAt(doc, ['paths', path]) ?? {}) as Json;
    const keys = METHODS.filter((m) => item[m]).map((m) => operationKey(m, path));
    return keys.length ? keys : [`${path} (path)`];
  }
  if (root === 'components') {
    const target = `/${parsePointer(pointer)
      .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/')}`;
    const users = [...refs].filter(([, set]) =>
      [...set].some((r) => target === r || target.startsWith(`${r}/`)),
    );
    return users.length ? users.map(([key]) => key) : [DOCUMENT];
  }
  return [DOCUMENT];
}
