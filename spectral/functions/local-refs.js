// Follows local `$ref`s in the unresolved document, keeping the path of where each node really lives,
// so that problems found through a reference point at the referenced component's line.

const decode = (segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The node at a `#/a/b` reference and its path, or undefined when it does not resolve. */
export function lookup(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  const path = ref.slice(2).split('/').map(decode);
  let node = doc;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = node[key];
  }
  return { node, path };
}

/** Follows a chain of `$ref`s from `node` at `path`; returns the final node and its path. */
export function deref(doc, node, path) {
  const seen = new Set();
  while (node && typeof node === 'object' && typeof node.$ref === 'string' && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    const target = lookup(doc, node.$ref);
    if (!target) return { node: undefined, path };
    ({ node, path } = target);
  }
  return { node, path };
}

/** `PUT /path` for an operation found by the `#Operation` alias (path: ['paths', key, method]). */
export const operationLabel = (path) => `${String(path[2]).toUpperCase()} ${path[1]}`;

/** The operation's 2xx responses, each followed through its `$ref`s: { status, node, path }. */
export function* successResponses(doc, op, path) {
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (/^2/.test(status)) yield { status, ...deref(doc, response, [...path, 'responses', status]) };
  }
}
