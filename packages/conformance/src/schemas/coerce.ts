// A parameter travels as text; its schema speaks of the value it stands for (`"12"` is the integer 12 to a
// schema of type integer). What the engine checks a parameter's text against its schema with.

/** A text as a parameter of this schema's type reads it, for the schema check. */
export function coerce(schema: { type?: unknown }, text: string): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
