// Reads the bundled spec for the contract tests: its operations with resolved parameters, request
// examples and responses, and ajv validators for response bodies.
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is walked dynamically
type Json = any;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface Operation {
  operationId: string;
  method: string;
  template: string;
  parameters: Parameter[];
  /** Media type and schema of the request body, with the value of its first named example. */
  body?: { mediaType: string; schema: Json; example: unknown; required: boolean };
  responses: Record<string, Json>;
  accountScoped: boolean;
}

export interface Spec {
  doc: Json;
  operations: Operation[];
  deref<T = Json>(value: T): T;
  /** Validates a response body against the schema of the response declared for `status`. */
  validateResponse(op: Operation, status: number, body: unknown): { schemaOf: string; errors: string[] };
  validateEnvelope(body: unknown): string[];
}

const methods = ['get', 'put', 'post', 'delete', 'patch'];

export async function loadSpec(path: string): Promise<Spec> {
  const doc: Json = JSON.parse(await readFile(path, 'utf8'));
  const pointer = (ref: string): Json =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node: Json, key) => node?.[key], doc);
  const deref = <T>(value: T): T => {
    let v: Json = value;
    while (v && typeof v === 'object' && typeof v.$ref === 'string') v = pointer(v.$ref);
    return v;
  };

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(doc, 'spec');
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (path: string) => {
    let validate = validators.get(path);
    if (!validate) {
      validate = ajv.compile({ $ref: `spec#${path}` });
      validators.set(path, validate);
    }
    return validate;
  };
  const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  const errorsOf = (validate: ValidateFunction, body: unknown) =>
    validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

  const operations: Operation[] = [];
  for (const [template, item] of Object.entries<Json>(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const parameters: Parameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
      const requestBody = op.requestBody && deref(op.requestBody);
      let body: Operation['body'];
      if (requestBody) {
        const [mediaType, media] = Object.entries<Json>(requestBody.content)[0] ?? [];
        const first = Object.values<Json>(media?.examples ?? {})[0];
        body = {
          mediaType: mediaType ?? 'application/json',
          schema: deref(media?.schema),
          example: first ? deref(first).value : media?.example,
          required: requestBody.required === true,
        };
      }
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        template,
        parameters,
        body,
        responses: op.responses,
        accountScoped: parameters.some((p) => p.in === 'header' && p.name === 'x-account-id'),
      });
    }
  }

  return {
    doc,
    operations,
    deref,
    validateResponse(op, status, body) {
      const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => op.responses[k]);
      if (!key) return { schemaOf: 'none', errors: [`no response declared for ${status}`] };
      let path = `/paths/${escapePointer(op.template)}/${op.method.toLowerCase()}/responses/${key}`;
      const ref = op.responses[key].$ref;
      if (typeof ref === 'string') path = ref.slice(1);
      const response = deref(op.responses[key]);
      const media = Object.keys(response.content ?? {})[0];
      if (!media)
        return { schemaOf: key, errors: body === undefined || body === '' ? [] : ['no body declared'] };
      return {
        schemaOf: key,
        errors: errorsOf(validatorAt(`${path}/content/${escapePointer(media)}/schema`), body),
      };
    },
    validateEnvelope(body) {
      return errorsOf(validatorAt('/components/schemas/ErrorEnvelope'), body);
    },
  };
}

/** Example value of a parameter (its example, first named example, or a made-up string). */
export function exampleOf(param: Parameter, deref: Spec['deref']): string {
  const named = Object.values(param.examples ?? {})[0];
  const value =
    param.example ?? (named && deref(named).value) ?? param.schema?.example ?? `test-${param.name}`;
  return String(value);
}
