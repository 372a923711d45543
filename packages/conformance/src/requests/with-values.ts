// A run's values (fixtures, identifiers the server issued) put into a body: by name, at the top level of
// a JSON object, so a request reaches the resources the run knows of.

/** A body example with the fields `values` names replaced (top level of a JSON object only). */
export function withValues(example: unknown, values: Readonly<Record<string, unknown>>): unknown {
  if (!example || typeof example !== 'object' || Array.isArray(example)) return example;
  const body = { ...(example as Record<string, unknown>) };
  for (const name of Object.keys(body)) if (name in values) body[name] = values[name];
  return body;
}
