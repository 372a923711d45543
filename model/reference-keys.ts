// What a spec node writes that names another document: its `$ref`, an example's `externalValue` (Redocly's
// bundle reads the file or fetches the URL into `value`), and a discriminator's mapping to a file or URL
// (Redocly resolves those as references). Shared by the loader's check (model/confine.ts) and the quick one
// a tool makes before it lets another read the file (model/self-contained.ts). No Redocly import here: the
// quick check is made before Redocly has loaded (a second of module loading on a busy machine).

type Node = Record<string, unknown>;

/** Redocly's test for a mapping value that is a reference, not a schema name (ref-utils isMappingRef). */
const isMappingRef = (value: string): boolean =>
  value.startsWith('#') ||
  /^(https?:\/\/|file:\/\/|data:)/.test(value) ||
  value.startsWith('./') ||
  value.startsWith('../') ||
  value.includes('/') ||
  /\.(ya?ml|json)$/i.test(value);

const external = (value: unknown): value is string => typeof value === 'string' && !value.startsWith('#');

/** The references `node` writes to another document: [keyword, key path under the node, the reference]. */
export function referencesOf(node: Node): [keyword: string, key: string[], ref: string][] {
  const found: [string, string[], string][] = [];
  if (external(node.$ref)) found.push(['$ref', ['$ref'], node.$ref]);
  if (external(node.externalValue)) found.push(['externalValue', ['externalValue'], node.externalValue]);
  const mapping = node.mapping;
  if (typeof node.propertyName === 'string' && mapping && typeof mapping === 'object')
    for (const [key, value] of Object.entries(mapping))
      if (external(value) && isMappingRef(value)) found.push(['mapping', ['mapping', key], value]);
  return found;
}
