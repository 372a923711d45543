// @banking-api/contract: the contract as data. `contractModel()` is the typed model; `openapiPath` the
// bundled OpenAPI document (JSON) it was made from. Both are embedded in the package. Beside them, the
// questions every room asks of the model (responses.ts, envelopes.ts, examples.ts, security.ts), answered
// here once; compiled validators are at `@banking-api/contract/validators`.
import { fileURLToPath } from 'node:url';
import type { ContractModel } from './model.js';
import { readModelFile } from './model-file.js';

export { operationsReaching, reachedComponents } from './components.js';
export {
  bodySchemaOf,
  type EnvelopeKind,
  envelopeKind,
  errorEnvelope,
  errorSchemaOf,
  successEnvelope,
} from './envelopes.js';
export {
  asText,
  bodyExamples,
  type ExampleBody,
  type ExampleRequest,
  exampleRequest,
  fillPath,
  parameterExample,
} from './examples.js';
export { ACCOUNT_HEADER, HTTP_METHODS, withoutTrailingSlashes } from './http.js';
export type * from './model.js';
export {
  isJsonMediaType,
  isSuccessStatus,
  jsonContent,
  requestMedia,
  responseFor,
  successResponses,
} from './responses.js';
export { createRouter, type RouteMatch, type RouteResult } from './route.js';
export {
  isFreeFormSchema,
  linkSchemas,
  mapSubschemas,
  propertySchema,
  reachableSchemas,
  resolveSchema,
  type SchemaTable,
  type Subschema,
  subschemas,
} from './schemas.js';
export { allScopes, bearerScopes } from './security.js';
export {
  type DeclaredFields,
  fieldPaths,
  type OperationUsage,
  requestFieldsOf,
  responseFieldsOf,
  responseHeadersOf,
  UNDECLARED,
  USAGE_MAX_DEPTH,
  USAGE_MAX_NAMES,
  USAGE_VERSION,
  type UsageDocument,
} from './usage.js';

/** Absolute path of the bundled OpenAPI document (JSON, refs to components kept). */
export const openapiPath: string = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** Absolute path of the model (JSON; packed: read it with `readModel`). */
export const modelPath: string = fileURLToPath(new URL('./model.json', import.meta.url));

let cached: ContractModel | undefined;

/** The embedded model, parsed once per process and frozen (read-only, shared). */
export function contractModel(): ContractModel {
  cached ??= readModelFile(modelPath);
  return cached;
}

/** Reads a model from a JSON file (for a contract other than the embedded one, e.g. in tests), whole or packed. */
export function readModel(path: string): ContractModel {
  return readModelFile(path);
}

export {
  createRedactor,
  createSecretScrubber,
  type DataKind,
  defaultRedactor,
  maskSecret,
  REDACTED,
  type Redactor,
  type RedactorOptions,
  redact,
  redactHeaderValues,
  redactRequestId,
  SECRET_HEADERS,
  secretFieldNames,
  secretHeaderSet,
} from './redaction/index.js';
