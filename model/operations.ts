// From the bundle (its `$ref`s followed by a RefReader) to the model's operations: the one place that knows
// how OpenAPI spells methods, parameters, bodies and responses, and our extensions. Security schemes are in
// security-schemes.ts, callbacks and webhooks in outgoing.ts, ids the contract does not give in
// operation-ids.ts, `x-equals` in field-rules.ts.
import type {
  FieldRule,
  FormField,
  FormStyle,
  Gap,
  HttpMethod,
  JsonSchema,
  MediaType,
  NamedExample,
  Operation,
  Parameter,
  RequestBody,
  Response,
  SecurityScheme,
} from '@banking-api/contract';
import { fieldRules } from './field-rules.ts';
import { operationIds } from './operation-ids.ts';
import type { Json, RefReader } from './refs.ts';
import { securityOf } from './security-schemes.ts';

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

/** What reading an operation needs: the reader, the schemes, the `x-equals` reader, the document's security. */
export type OperationReader = {
  r: RefReader;
  schemes: readonly SecurityScheme[];
  rules: (schema: JsonSchema, where: string) => FieldRule[];
  security: unknown;
};

/** `markers`: whether the contract's text says `x-equals` at all (where it does not, none is looked for). */
export const operationReader = (
  r: RefReader,
  doc: Json,
  schemes: readonly SecurityScheme[],
  markers = true,
): OperationReader => ({
  r,
  schemes,
  rules: markers ? fieldRules(r.resolved) : () => [],
  security: doc.security,
});

function examplesOf(r: RefReader, node: Json): NamedExample[] {
  const named = Object.entries(obj(node.examples)).map(([name, raw]) => {
    const example = r.at(raw);
    const summary = text(example.summary);
    return { name, ...(summary && { summary }), value: example.value };
  });
  return 'example' in node ? [{ name: 'example', value: node.example }, ...named] : named;
}

/** A parameter's schema: its own, or that of its first media type (a parameter may use `content` instead). */
function parameterSchema(r: RefReader, raw: Json): JsonSchema | undefined {
  if (raw.schema !== undefined) return r.schema(raw.schema);
  const [media] = Object.values(obj(raw.content));
  const schema = obj(media).schema;
  return schema === undefined ? undefined : r.schema(schema);
}

function parameterOf(r: RefReader, raw: Json): Parameter {
  const description = text(raw.description);
  const schema = parameterSchema(r, raw);
  return {
    name: String(raw.name),
    in: raw.in as Parameter['in'],
    required: raw.required === true,
    ...(description && { description }),
    ...(schema !== undefined && { schema }),
    examples: examplesOf(r, raw),
    ...(typeof raw.style === 'string' && { style: raw.style }),
    ...(typeof raw.explode === 'boolean' && { explode: raw.explode }),
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

type FormProperty = { name: string; schemas: JsonSchema[]; required: boolean };

/**
 * The properties a form schema gives its parts: its own, then those of its `allOf` members (nested ones
 * too, references followed, each member once), merged by name. A name is required when the schema or any
 * member requires it.
 */
function formProperties(r: RefReader, schema: JsonSchema): FormProperty[] {
  const properties = new Map<string, JsonSchema[]>();
  const required = new Set<string>();
  const seen = new Set<JsonSchema>();
  const visit = (node: JsonSchema) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const [name, raw] of Object.entries(obj(node.properties)))
      properties.set(name, [...(properties.get(name) ?? []), raw as JsonSchema]);
    for (const name of list<string>(node.required)) required.add(name);
    for (const member of list<JsonSchema>(node.allOf)) visit(r.resolved(member) ?? {});
  };
  visit(r.resolved(schema) ?? {});
  return [...properties].map(([name, schemas]) => ({ name, schemas, required: required.has(name) }));
}

function formFields(r: RefReader, schema: JsonSchema, encoding: Json): FormField[] {
  const isBinary = (field: JsonSchema) => {
    const resolved = r.resolved(field) ?? {};
    return resolved.format === 'binary' || 'contentMediaType' in resolved;
  };
  return formProperties(r, schema).map(({ name, schemas, required }) => {
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

const FORM_STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);

/** The urlencoded fields whose `encoding` gives a style or explode (OpenAPI's defaults filled in). */
function stylesOf(encoding: Json): { styles?: Record<string, FormStyle> } {
  const styles: Record<string, FormStyle> = {};
  for (const [name, raw] of Object.entries(encoding)) {
    const { style, explode } = obj(raw);
    if (style === undefined && explode === undefined) continue;
    const known =
      typeof style === 'string' && FORM_STYLES.has(style) ? (style as FormStyle['style']) : 'form';
    styles[name] = { style: known, explode: typeof explode === 'boolean' ? explode : known === 'form' };
  }
  return Object.keys(styles).length > 0 ? { styles } : {};
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
        schema && { fields: formFields(r, schema, obj(media.encoding)) }),
      ...(mediaType === 'application/x-www-form-urlencoded' && stylesOf(obj(media.encoding))),
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

const responsesOf = ({ r, rules: rulesOf }: OperationReader, op: Json, key: string): Response[] =>
  Object.entries(obj(op.responses)).map(([status, raw]) => {
    const response = r.at(raw);
    const content = contentOf(r, response);
    const rules = content.flatMap((media) => (media.schema ? rulesOf(media.schema, `${key} ${status}`) : []));
    return {
      status,
      description: String(response.description ?? ''),
      content,
      headers: Object.keys(obj(response.headers)),
      ...(rules.length > 0 && { rules: unique(rules) }),
    };
  });

const unique = (rules: FieldRule[]): FieldRule[] =>
  rules.filter((rule, i) => rules.findIndex((o) => JSON.stringify(o) === JSON.stringify(rule)) === i);

/** `x-idempotency: { in: path, name }`: the named path parameter must exist (the mock and client rely on it). */
function idempotencyOf(op: Json, key: string, parameters: Parameter[]): Operation['idempotency'] {
  const marker = op['x-idempotency'];
  if (marker === undefined) return undefined;
  const { in: place, name } = obj(marker);
  if (place !== 'path' || !parameters.some((p) => p.in === 'path' && p.name === name))
    throw new Error(`${key}: x-idempotency must name one of its path parameters (in: path, name: ...)`);
  return { in: 'path', parameter: String(name) };
}

/** An operation without its id (settled over all operations), `components` and `source`. */
export type ReadOperation = Omit<Operation, 'operationId' | 'components' | 'source'> & { givenId?: string };

/** The operation under `method` of the path item `item` at `path` (a path template, or a callback's expression). */
export function operationOf(
  reader: OperationReader,
  item: Json,
  method: HttpMethod,
  path: string,
  security: unknown,
): ReadOperation {
  const { r, schemes } = reader;
  const op = obj(item[method.toLowerCase()]);
  const key = `${method} ${path}`;
  const parameters = parametersOf(r, item, op);
  const description = text(op.description);
  const requestBody = requestBodyOf(r, op);
  const idempotency = idempotencyOf(op, key, parameters);
  const callbacks = Object.keys(obj(op.callbacks));
  const givenId = text(op.operationId);
  const ownServers = [...list<Json>(op.servers), ...list<Json>(item.servers)].map((s) => String(obj(s).url));
  return {
    key,
    method,
    path,
    ...(givenId !== undefined && { givenId }),
    summary: text(op.summary) ?? givenId ?? key,
    ...(description && { description }),
    tags: list<string>(op.tags),
    parameters,
    ...(requestBody && { requestBody }),
    responses: responsesOf(reader, op, key),
    security: securityOf(op.security ?? security, schemes),
    accountHeader: parameters.some(
      (p) => p.in === 'header' && p.required && p.name.toLowerCase() === ACCOUNT_HEADER,
    ),
    ...(idempotency && { idempotency }),
    ...(callbacks.length > 0 && { callbacks }),
    gaps: gapsOf(op),
    ...(ownServers.length > 0 && { ownServers }),
  };
}

/** The methods a path item has operations for, in OPERATION_METHODS order. */
export const methodsOf = (item: Json): HttpMethod[] =>
  OPERATION_METHODS.filter((method) => item[method.toLowerCase()] !== undefined);

/** Each operation with its id: the contract's, or one derived from method and path (operation-ids.ts). */
export function withIds(read: readonly ReadOperation[]): Omit<Operation, 'components' | 'source'>[] {
  const ids = operationIds(read.map((op) => ({ ...op, operationId: op.givenId })));
  return read.map(({ givenId: _, key, method, path, ...op }) => {
    const { id, derived } = ids.get(key) ?? { id: key, derived: true };
    // The id beside the key, as the model file has always written it.
    return {
      key,
      method,
      path,
      operationId: id,
      ...(derived && { operationIdDerived: true as const }),
      ...op,
    };
  });
}

/** Operations in document order (paths as written, methods in OPERATION_METHODS order), without `components` and `source`. */
export function operationsOf(reader: OperationReader, doc: Json): Omit<Operation, 'components' | 'source'>[] {
  const read = Object.entries(obj(doc.paths)).flatMap(([path, rawItem]) => {
    const item = reader.r.at(rawItem);
    return methodsOf(item).map((method) => operationOf(reader, item, method, path, reader.security));
  });
  return withIds(read);
}
