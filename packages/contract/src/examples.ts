// An example request per operation, from the examples the contract shows: what verify and the conformance
// engine send, what the docs samples and try-it start from. Values the contract does not show stay
// undefined; each caller says what it puts there (a placeholder, a generated id).
import type { HttpMethod, MediaType, NamedExample, Operation, Parameter } from './model.js';
import { resolveSchema } from './schemas.js';

/** A parameter's example: its first named example, else its schema's `example` or first `examples`. */
export function parameterExample(p: Parameter): unknown {
  if (p.examples.length) return p.examples[0]?.value;
  const schema = resolveSchema(p.schema) as { example?: unknown; examples?: unknown } | undefined;
  if (schema?.example !== undefined) return schema.example;
  return Array.isArray(schema?.examples) ? schema.examples[0] : undefined;
}

export interface ExampleBody {
  readonly media: MediaType;
  /** The named example's key, `example` for a lone `example` value. */
  readonly name: string;
  readonly value: unknown;
}

export interface ExampleRequest {
  readonly method: HttpMethod;
  /** Values by parameter name, per place; undefined where the contract shows no example. */
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly header: Readonly<Record<string, unknown>>;
  readonly body?: ExampleBody;
}

/**
 * The operation's example request: every path parameter, the query and header parameters that are required
 * or have an example, and the body's first named example in its first media type.
 */
export function exampleRequest(op: Operation): ExampleRequest {
  const places = { path: {}, query: {}, header: {} } as Record<
    'path' | 'query' | 'header',
    Record<string, unknown>
  >;
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    const value = parameterExample(p);
    if (p.in === 'path' || p.required || value !== undefined) places[p.in][p.name] = value;
  }
  const [body] = bodyExamples(op);
  return { method: op.method, ...places, ...(body && { body }) };
}

/** Every named example of the request body with its media type; none for an operation without a body. */
export const bodyExamples = (op: Operation): ExampleBody[] =>
  (op.requestBody?.content ?? []).flatMap((media) =>
    media.examples.map((example: NamedExample) => ({ media, name: example.name, value: example.value })),
  );

/** A path template with its parameters filled in, each escaped as one path segment. */
export const fillPath = (template: string, values: Readonly<Record<string, unknown>>): string =>
  template.replace(/\{([^}/]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(asText(values[name])) : whole,
  );

/** A parameter value as it travels in a URL or header: strings as they are, anything else as JSON. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));
