// A value of another JSON type than a schema allows: the simplest body a schema certainly refuses.
import { type JsonSchema, resolveSchema } from '@banking-api/contract';

export function wrongTypeFor(schema: { readonly type?: unknown } | undefined): unknown {
  const resolved = resolveSchema(schema as JsonSchema | undefined);
  const type = Array.isArray(resolved?.type) ? resolved.type[0] : resolved?.type;
  return type === 'string' ? 12345 : type === 'object' || type === 'array' ? 'not-an-object' : 'not-a-number';
}
