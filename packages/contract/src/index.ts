// @banking-api/contract: the contract as data. `contractModel()` is the typed model; `openapiPath` the
// bundled OpenAPI document (JSON) it was made from. Both are embedded in the package. Beside them, the
// questions every room asks of the model (responses.ts, envelopes.ts, examples.ts, security.ts), answered
// here once; compiled validators are at `@banking-api/contract/validators`.

export { operationsReaching, reachedComponents } from './components.js';
export { contractModel, modelPath, openapiPath, readModel } from './embedded.js';
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
export {
  decodeForm,
  encodeForm,
  FORM_LIMITS,
  FormBodyError,
  formStyleOf,
  queryStyleOf,
  styledPairs,
} from './form-body.js';
export { ACCOUNT_HEADER, HTTP_METHODS, withoutTrailingSlashes } from './http.js';
export type * from './model.js';
export {
  cnpjCheckDigits,
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
export {
  isJsonMediaType,
  isSuccessStatus,
  jsonContent,
  listedMedia,
  mediaTypeEssence,
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
  tableOf,
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
