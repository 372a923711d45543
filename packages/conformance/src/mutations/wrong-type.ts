// A value of another JSON type than a schema allows: the simplest body a schema certainly refuses.
export function wrongTypeFor(schema: { readonly type?: unknown } | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  return type === 'string' ? 12345 : type === 'object' || type === 'array' ? 'not-an-object' : 'not-a-number';
}
