// The document Prism reads for one routed operation (engine.ts makes each operation on first need): its path
// item with that method alone, and only the components it reaches. Prism dereferences the whole document it is
// given; with every component of Stripe's contract (thousands, circular) riding along, making one operation
// took minutes at full CPU in @stoplight/json-schema-ref-parser (a CPU profile, issue 33), not ~100 ms.
import { HTTP_METHODS } from '@banking-api/contract';

/** The operation keys of a path item, as OpenAPI spells them. */
export const METHODS: string[] = HTTP_METHODS.map((method) => method.toLowerCase());

export type Spec = { paths?: Record<string, Record<string, unknown>>; components?: Record<string, unknown> };

/** A copy of the document whose paths hold only `METHOD /path` (its path item's other keys kept). */
export function documentWithOnly(spec: Spec, key: string): object {
  const space = key.indexOf(' ');
  const method = key.slice(0, space).toLowerCase();
  const path = key.slice(space + 1);
  const item = spec.paths?.[path];
  if (!item || !(method in item)) return structuredClone({ ...spec, paths: {} });
  const kept = Object.fromEntries(Object.entries(item).filter(([k]) => k === method || !METHODS.includes(k)));
  const paths = { [path]: kept };
  // Prism's dereferencing writes into the document it is given: a copy, not the shared components.
  return structuredClone({ ...spec, paths, components: reachedComponents(spec, paths) });
}

/** The components `from` reaches through local `$ref`s (`#/components/<kind>/<name>`), each once. */
function reachedComponents(spec: Spec, from: unknown): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  const all = (spec.components ?? {}) as Record<string, Record<string, unknown>>;
  const todo: unknown[] = [from];
  const seen = new Set<string>();
  while (todo.length > 0) {
    const node = todo.pop();
    if (typeof node !== 'object' || node === null) continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const [kind, name] = componentOf(ref);
      const id = `${kind}/${name}`;
      if (kind && name && !seen.has(id) && all[kind]?.[name] !== undefined) {
        seen.add(id);
        out[kind] ??= {};
        (out[kind] as Record<string, unknown>)[name] = all[kind][name];
        todo.push(all[kind][name]);
      }
    }
    todo.push(...Object.values(node));
  }
  // Security schemes are named, not referenced: the operation's `security` needs them all.
  if (all.securitySchemes) out.securitySchemes = all.securitySchemes;
  return out;
}

/**
 * `#/components/schemas/Name` (or a place inside it, `…/Name/properties/id`) → [schemas, Name]; a pointer of
 * another shape names no component.
 */
function componentOf(ref: string): [string | undefined, string | undefined] {
  const parts = ref.split('/');
  if (parts.length < 4 || parts[0] !== '#' || parts[1] !== 'components') return [undefined, undefined];
  return [parts[2], nameOf(parts[3] ?? '')];
}

/** A pointer segment as a name: percent-escapes and `~1`/`~0` undone (a malformed escape is kept as is). */
function nameOf(segment: string): string {
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {}
  return name.replaceAll('~1', '/').replaceAll('~0', '~');
}
