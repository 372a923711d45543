// The parts a schema is made of, as they apply together: its own keywords, each `allOf` member's (nested
// members too), and in OpenAPI 3.1 the target of a `$ref` together with the keywords beside it. Reading a
// schema this way makes an `allOf` split whose parts add up to the old schema the same schema, and a
// property with `$ref` plus `maximum` (3.1) a bounded property. Each part keeps its pointer. A part reached
// again through `allOf` (a loop) is not expanded twice: the loop is kept as an unflattened member.
import { child, isObject, type Json, type Located, type SideDocument } from './reader.ts';

/** A schema node not viewed yet, with its pointer. */
export type SchemaRef = Located<unknown>;

/** `false` (nothing is valid) as a part: an empty set of types. */
const NOTHING: Json = { type: [] };

export type Parts = {
  /** Parts whose keywords apply together, outermost first. */
  parts: Located[];
  /** `allOf` members met again through `allOf` (a loop), kept as members to compare one by one. */
  loops: SchemaRef[];
};

const MAX_CHAIN = 32;

/** The node a schema `$ref` names, with its pointer; undefined for a dangling or foreign reference. */
function target(doc: SideDocument, ref: string): SchemaRef | undefined {
  if (!ref.startsWith('#')) return undefined;
  return { node: doc.at(ref), at: ref };
}

/** Adds the parts of `schema` (reached through `allOf` when `open` holds its ancestors' pointers). */
function expand(doc: SideDocument, schema: SchemaRef, into: Parts, open: Set<string>, depth: number): void {
  let { node, at } = schema;
  for (let i = 0; i < MAX_CHAIN && isObject(node) && typeof node.$ref === 'string'; i++) {
    const { $ref, ...siblings } = node;
    const next = target(doc, $ref);
    if (!next) break;
    // 3.1: `$ref` is one keyword among others (JSON Schema 2020-12); 3.0 ignores what is beside it.
    if (doc.v31 && Object.keys(siblings).length) {
      if (open.has(next.at)) return void into.loops.push(next);
      open.add(next.at);
      expand(doc, next, into, open, depth + 1);
      open.delete(next.at);
      node = siblings;
      break;
    }
    if (open.has(next.at)) return void into.loops.push(next);
    ({ node, at } = next);
  }
  if (node === false) return void into.parts.push({ node: NOTHING, at });
  if (!isObject(node)) return void into.parts.push({ node: {}, at });
  const { allOf, ...own } = node;
  into.parts.push({ node: own, at });
  if (!Array.isArray(allOf)) return;
  open.add(at);
  for (const [i, member] of allOf.entries()) {
    const memberAt = child(child(at, 'allOf'), i);
    if (depth > 64) into.loops.push({ node: member, at: memberAt });
    else expand(doc, { node: member, at: memberAt }, into, open, depth + 1);
  }
  open.delete(at);
}

/** The parts of one or more schemas that all apply (a property declared by two `allOf` members). */
export function partsOf(doc: SideDocument, schemas: readonly SchemaRef[]): Parts {
  const into: Parts = { parts: [], loops: [] };
  for (const schema of schemas) expand(doc, schema, into, new Set(), 0);
  return into;
}

/** The schema a nullable wrapper (`oneOf: [{ type: 'null' }, X]`, or `anyOf`) wraps: X, else undefined. */
export function nullableWrap(doc: SideDocument, schema: SchemaRef): SchemaRef | undefined {
  let { node, at } = schema;
  for (
    let i = 0;
    i < MAX_CHAIN && isObject(node) && typeof node.$ref === 'string' && Object.keys(node).length === 1;
    i++
  )
    ({ node, at } = target(doc, node.$ref) ?? { node: undefined, at });
  if (!isObject(node)) return undefined;
  const keyword = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
  if (!keyword) return undefined;
  const members = node[keyword] as unknown[];
  const constraining = Object.keys(node).filter(
    (k) => k !== keyword && !ANNOTATIONS.has(k) && !k.startsWith('x-'),
  );
  if (members.length !== 2 || constraining.length) return undefined;
  const isNull = (m: unknown) => {
    const resolved = isObject(m) && typeof m.$ref === 'string' ? target(doc, m.$ref)?.node : m;
    return (
      isObject(resolved) &&
      (resolved.type === 'null' ||
        (Array.isArray(resolved.type) && resolved.type.length === 1 && resolved.type[0] === 'null'))
    );
  };
  const index = members.findIndex(isNull);
  if (index === -1 || isNull(members[1 - index])) return undefined;
  return { node: members[1 - index], at: child(child(at, keyword), 1 - index) };
}

/** Keywords that say something about a schema without constraining its values. */
export const ANNOTATIONS = new Set([
  'description',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  '$id',
  '$schema',
  '$anchor',
  '$defs',
  'definitions',
  'xml',
]);
