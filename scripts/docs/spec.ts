// Just enough of OpenAPI 3.1 for the docs step: operations with their local $refs resolved.
export type Json = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Json;
}

export interface Unspecified {
  topic: string;
  detail: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  op: Json;
  parameters: Parameter[];
  /** The security requirements that apply (the operation's own, else the document's). */
  security: Record<string, string[]>[];
  unspecified: Unspecified[];
  /** Content type and first named example value of the request body, if any. */
  body?: { contentType: string; example: unknown };
  idempotency?: { in: string; name: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Follows a local `#/...` $ref (and refs to refs); other values come back as they are. */
export function deref<T = Json>(doc: Json, node: unknown): T {
  let current = node as Json;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/') || hops > 20) throw new Error(`docs: cannot resolve $ref ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (at, key) => (at as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        doc,
      ) as Json;
    if (current === undefined) throw new Error(`docs: $ref ${ref} points at nothing`);
  }
  return current as T;
}

function firstExample(doc: Json, media: Json | undefined): unknown {
  if (!media) return undefined;
  if ('example' in media) return media.example;
  const examples = media.examples as Json | undefined;
  const first = examples && Object.values(examples)[0];
  return first === undefined ? undefined : deref<Json>(doc, first).value;
}

/** Every operation of the document, in path order. */
export function operations(doc: Json): Operation[] {
  const result: Operation[] = [];
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Json)) {
    const item = deref(doc, rawItem);
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const parameters = [...shared, ...((op.parameters ?? []) as unknown[])].map((p) =>
        deref<Parameter>(doc, p),
      );
      const requestBody = op.requestBody ? deref(doc, op.requestBody) : undefined;
      const content = requestBody?.content as Json | undefined;
      const contentType = content && Object.keys(content)[0];
      result.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        summary: String(op.summary ?? op.operationId),
        op,
        parameters,
        security: (op.security ?? doc.security ?? []) as Record<string, string[]>[],
        unspecified: (op['x-unspecified'] ?? []) as Unspecified[],
        ...(contentType && {
          body: { contentType, example: firstExample(doc, content[contentType] as Json) },
        }),
        ...(op['x-idempotency'] ? { idempotency: op['x-idempotency'] as Operation['idempotency'] } : {}),
      });
    }
  }
  return result;
}
