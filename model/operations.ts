// From the bundle (its `$ref`s followed by a RefReader) to the model's operations: the one place that knows
// how OpenAPI spells methods, parameters, bodies, responses, security and our extensions.
import type {
  FieldRule,
  FormField,
  Gap,
  HttpMethod,
  JsonSchema,
  MediaType,
  NamedExample,
  Operation,
  Parameter,
  RequestBody,
  Response,
  SecurityRequirement,
  SecurityScheme,
} from '@banking-api/contract';
import type { Json, RefReader } from './refs.ts';

/** The keys of an OpenAPI path item that are operations, in the order the model lists them. */
export const OPERATION_METHODS: readonly HttpMethod[] = [
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'TRACE',
];
/** The header of account-scoped operations (contract §4, rule 2); the package's ACCOUNT_HEADER, pinned equal by a test. */
export const ACCOUNT_HEADER = 'x-account-id';

const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const gapsOf = (node: Json): Gap[] =>
  list<Json>(node['x-unspecified']).map((g) => ({ topic: String(g.topic), detail: String(g.detail) }));

function examplesOf(r: RefReader, node: Json): NamedExample[] {
  const named = Object.entries(obj(node.examples)).map(([name, raw]) => {
    const example = r.at(raw);
    const summary = text(example.summary);
    return { name, ...(summary && { summary }), value: example.value };
  });
  return 'example' in node ? [{ name: 'example', value: node.example }, ...named] : named;
}

function parameterOf(r: RefReader, raw: Json): Parameter {
  const description = text(raw.description);
  return {
    name: String(raw.name),
    in: raw.in as Parameter['in'],
    required: raw.required === true,
    ...(description && { description }),
    ...(raw.schema !== undefined && { schema: r.schema(raw.schema) }),
    examples: examplesOf(r, raw),
  };
}

/** Path-item parameters, then the operation's; an operation parameter replaces one of the same name and place. */
function parametersOf(r: RefReader, item: Json, op: Json): Parameter[] {
  const merged = new Map<string, Parameter>();
  for (const raw of [...list<Json>(item.parameters), ...list<Json>(op.parameters)]) {
    const param = parameterOf(r, r.at(raw));
    merged.set(`${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`, param);
  }
  return [...merged.values()];
}

type FormProperty = { name: string; schemas: Json[]; required: boolean };

/**
 * The properties a form schema gives its parts: its own, then those of its `allOf` members (nested ones
 * too), merged by name. A name is required when the schema or any member requires it.
 */
function formProperties(schema: Json): FormProperty[] {
  const properties = new Map<string, Json[]>();
  const required = new Set<string>();
  const visit = (node: Json) => {
    for (const [name, raw] of Object.entries(obj(node.properties)))
      properties.set(name, [...(properties.get(name) ?? []), obj(raw)]);
    for (const name of list<string>(node.required)) required.add(name);
    for (const member of list<Json>(node.allOf)) visit(obj(member));
  };
  visit(schema);
  return [...properties].map(([name, schemas]) => ({ name, schemas, required: required.has(name) }));
}

const isBinary = (field: Json) => field.format === 'binary' || 'contentMediaType' in field;

function formFields(schema: JsonSchema, encoding: Json): FormField[] {
  return formProperties(schema).map(({ name, schemas, required }) => {
    const contentType = text(obj(encoding[name]).contentType);
    return {
      name,
      required,
      binary: schemas.some(isBinary),
      ...(contentType && { contentType }),
      // Several definitions all apply to the part.
      schema: (schemas.length === 1 ? schemas[0] : { allOf: schemas }) as JsonSchema,
    };
  });
}

function contentOf(r: RefReader, node: Json): MediaType[] {
  return Object.entries(obj(node.content)).map(([mediaType, raw]) => {
    const media = obj(raw);
    const schema = media.schema === undefined ? undefined : r.schema(media.schema);
    return {
      mediaType,
      ...(schema && { schema }),
      examples: examplesOf(r, media),
      ...(mediaType === 'multipart/form-data' &&
        schema && { fields: formFields(schema, obj(media.encoding)) }),
    };
  });
}

function requestBodyOf(r: RefReader, op: Json): RequestBody | undefined {
  if (op.requestBody === undefined) return undefined;
  const body = r.at(op.requestBody);
  const description = text(body.description);
  return {
    required: body.required === true,
    ...(description && { description }),
    content: contentOf(r, body),
  };
}

const responsesOf = (r: RefReader, op: Json, key: string): Response[] =>
  Object.entries(obj(op.responses)).map(([status, raw]) => {
    const response = r.at(raw);
    const content = contentOf(r, response);
    const rules = content.flatMap((media) =>
      media.schema ? rulesOf(media.schema, '', `${key} ${status}`) : [],
    );
    return {
      status,
      description: String(response.description ?? ''),
      content,
      headers: Object.keys(obj(response.headers)),
      ...(rules.length > 0 && { rules: unique(rules) }),
    };
  });

const RULE_SOURCES = ['path', 'query', 'header', 'status', 'request-path'];
/** Sources that name no parameter: the answer's status, the request's path. */
const UNNAMED_SOURCES = ['status', 'request-path'];

/** The `x-equals` markers under a response schema, through object properties (bounded by the schema). */
function rulesOf(schema: JsonSchema, pointer: string, where: string, depth = 0): FieldRule[] {
  if (depth > 16) return [];
  const rules: FieldRule[] = [];
  const marker = schema['x-equals'];
  if (marker !== undefined) {
    const { source, name } = obj(marker);
    if (
      !RULE_SOURCES.includes(String(source)) ||
      UNNAMED_SOURCES.includes(String(source)) === (typeof name === 'string')
    )
      throw new Error(
        `${where} ${pointer}: x-equals must be { source: path|query|header, name } or { source: status|request-path }`,
      );
    rules.push({
      pointer,
      equals: { source: source as FieldRule['equals']['source'], ...(name ? { name: String(name) } : {}) },
    });
  }
  for (const [name, child] of Object.entries(obj(schema.properties)))
    rules.push(
      ...rulesOf(
        obj(child) as JsonSchema,
        `${pointer}/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        where,
        depth + 1,
      ),
    );
  return rules;
}

const unique = (rules: FieldRule[]): FieldRule[] =>
  rules.filter((rule, i) => rules.findIndex((o) => JSON.stringify(o) === JSON.stringify(rule)) === i);

function securityOf(requirements: unknown, schemes: readonly SecurityScheme[]): SecurityRequirement[][] {
  return list<Json>(requirements).map((requirement) =>
    Object.entries(requirement).map(([scheme, scopes]) => {
      const declared = schemes.find((s) => s.name === scheme);
      return {
        scheme,
        type: declared?.type ?? 'unknown',
        ...(declared?.scheme && { httpScheme: declared.scheme }),
        scopes: list<string>(scopes),
      };
    }),
  );
}

export function securitySchemesOf(r: RefReader, doc: Json): SecurityScheme[] {
  return Object.entries(obj(obj(doc.components).securitySchemes)).map(([name, raw]) => {
    const scheme = r.at(raw);
    const http = text(scheme.scheme);
    const bearerFormat = text(scheme.bearerFormat);
    return {
      name,
      type: String(scheme.type),
      ...(http && { scheme: http }),
      ...(bearerFormat && { bearerFormat }),
    };
  });
}

/** `x-idempotency: { in: path, name }`: the named path parameter must exist (the mock and client rely on it). */
function idempotencyOf(op: Json, key: string, parameters: Parameter[]): Operation['idempotency'] {
  const marker = op['x-idempotency'];
  if (marker === undefined) return undefined;
  const { in: place, name } = obj(marker);
  if (place !== 'path' || !parameters.some((p) => p.in === 'path' && p.name === name))
    throw new Error(`${key}: x-idempotency must name one of its path parameters (in: path, name: ...)`);
  return { in: 'path', parameter: String(name) };
}

/** Operations in document order (paths as written, methods in OPERATION_METHODS order), without `components` and `source`. */
export function operationsOf(
  r: RefReader,
  doc: Json,
  schemes: readonly SecurityScheme[],
): Omit<Operation, 'components' | 'source'>[] {
  return Object.entries(obj(doc.paths)).flatMap(([path, rawItem]) => {
    const item = r.at(rawItem);
    return OPERATION_METHODS.filter((method) => method.toLowerCase() in item).map((method) => {
      const op = obj(item[method.toLowerCase()]);
      const parameters = parametersOf(r, item, op);
      const description = text(op.description);
      const requestBody = requestBodyOf(r, op);
      const idempotency = idempotencyOf(op, `${method} ${path}`, parameters);
      const callbacks = Object.keys(obj(op.callbacks));
      if (typeof op.operationId !== 'string') throw new Error(`${method} ${path} has no operationId`);
      return {
        key: `${method} ${path}`,
        method,
        path,
        operationId: op.operationId,
        summary: text(op.summary) ?? op.operationId,
        ...(description && { description }),
        tags: list<string>(op.tags),
        parameters,
        ...(requestBody && { requestBody }),
        responses: responsesOf(r, op, `${method} ${path}`),
        security: securityOf(op.security ?? doc.security, schemes),
        accountHeader: parameters.some(
          (p) => p.in === 'header' && p.required && p.name.toLowerCase() === ACCOUNT_HEADER,
        ),
        ...(idempotency && { idempotency }),
        ...(callbacks.length > 0 && { callbacks }),
        gaps: gapsOf(op),
      };
    });
  });
}
