// The contract as the tests read it: the model's operations (parameters, bodies and responses already
// resolved), and ajv validators for response bodies built from the model's self-contained schemas.
import type {
  ContractModel,
  JsonSchema,
  MediaType,
  Operation,
  Parameter,
  Response,
} from '@banking-api/contract';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export type { Operation } from '@banking-api/contract';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export interface Spec {
  model: ContractModel;
  operations: readonly Operation[];
  /** Validates a response body against the schema of the response declared for `status`. */
  validateResponse(op: Operation, status: number, body: unknown): { schemaOf: string; errors: string[] };
  /** Validates a body against the contract's error envelope. */
  validateEnvelope(body: unknown): string[];
}

export function specOf(model: ContractModel): Spec {
  const validatorOf = schemaValidators();
  const validateEnvelope = validatorOf(envelopeSchema(model));
  return {
    model,
    operations: model.operations,
    validateResponse(op, status, body) {
      const response = responseFor(op, status);
      if (!response) return { schemaOf: 'none', errors: [`no response declared for ${status}`] };
      const schema = response.content[0]?.schema;
      if (!schema) {
        const errors = body === undefined || body === '' ? [] : ['no body schema declared'];
        return { schemaOf: response.status, errors };
      }
      return { schemaOf: response.status, errors: errorsOf(validatorOf(schema), body) };
    },
    validateEnvelope: (body) => errorsOf(validateEnvelope, body),
  };
}

/** The response declared for `status`: the exact code, else its range (`4XX`), else `default`. */
export function responseFor(op: Operation, status: number): Response | undefined {
  const keys = [String(status), `${String(status)[0]}XX`, 'default'];
  for (const key of keys) {
    const response = op.responses.find((r) => r.status === key);
    if (response) return response;
  }
  return undefined;
}

/** The operation's request body media type (the first declared), if it has a body. */
export function requestMedia(op: Operation): MediaType | undefined {
  return op.requestBody?.content[0];
}

/** Example value of a parameter: its first named example, its schema's example, or a made-up string. */
export function exampleOf(param: Parameter): string {
  const schemaExample = (param.schema as { example?: unknown } | undefined)?.example;
  return String(param.examples[0]?.value ?? schemaExample ?? `test-${param.name}`);
}

/** The error envelope's schema: the body of the contract's shared 400 answer. */
function envelopeSchema(model: ContractModel): JsonSchema {
  for (const op of model.operations) {
    const schema = op.responses.find((r) => r.status === '400')?.content[0]?.schema;
    if (schema) return schema;
  }
  throw new Error('no operation declares a 400 answer with a body: the error envelope is unknown');
}

/** Compiles each schema once (the model's schemas are shared, frozen objects). */
function schemaValidators(): (schema: JsonSchema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const compiled = new WeakMap<JsonSchema, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}

function errorsOf(validate: ValidateFunction, body: unknown): string[] {
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
