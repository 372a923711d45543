// The registry of review rules, by the kind of node each compares (rules/rule.ts). The comparison (compare/)
// asks every rule of a kind, in this order; the coverage table of docs/reviewing-spec-changes.md is made from
// this list (coverage-table.ts). A new rule: its file, a line here, its test in test/review/rules/.

import { encoding } from './bodies/encoding.ts';
import { mediaSchema } from './bodies/media-schema.ts';
import { mediaTypes } from './bodies/media-types.ts';
import { requestBody } from './bodies/request-body.ts';
import { documentDocumentation } from './document/document-docs.ts';
import { operationDocumentation } from './operations/operation-docs.ts';
import { existence } from './operations/operation-existence.ts';
import { operationId } from './operations/operation-id.ts';
import { pathParameterRenamed } from './operations/path-parameter-renamed.ts';
import { security } from './operations/security.ts';
import { securityFlows } from './operations/security-flows.ts';
import { securitySchemes } from './operations/security-schemes.ts';
import { servers } from './operations/servers.ts';
import { headerNameCase } from './parameters/header-name-case.ts';
import { parameterDocumentation } from './parameters/parameter-docs.ts';
import { parameterExistence } from './parameters/parameter-existence.ts';
import { parameterRequired } from './parameters/parameter-required.ts';
import { parameterSerialization } from './parameters/serialization.ts';
import { responseDocumentation } from './responses/response-docs.ts';
import { responseHeaders } from './responses/response-headers.ts';
import { statuses } from './responses/statuses.ts';
import { successStatus } from './responses/success-status.ts';
import type {
  ContentRule,
  DocumentRule,
  HeaderRule,
  MediaRule,
  OperationRule,
  ParameterRule,
  RequestBodyRule,
  ResponseRule,
  ResponsesRule,
  Rule,
  SchemaRule,
} from './rule.ts';
import { additionalProperties } from './schemas/additional.ts';
import { alternatives } from './schemas/alternatives.ts';
import { bounds } from './schemas/bounds.ts';
import { constValue } from './schemas/const.ts';
import { counts } from './schemas/counts.ts';
import { defaults } from './schemas/defaults.ts';
import { deprecated } from './schemas/deprecated.ts';
import { discriminator } from './schemas/discriminator.ts';
import { enumValues } from './schemas/enum.ts';
import { format } from './schemas/format.ts';
import { multipleOf } from './schemas/multiple-of.ts';
import { nullable } from './schemas/nullable.ts';
import { otherKeywords } from './schemas/other-keywords.ts';
import { pattern } from './schemas/pattern.ts';
import { properties } from './schemas/properties.ts';
import { readWriteOnly } from './schemas/read-write-only.ts';
import { required } from './schemas/required-properties.ts';
import { schemaDocumentation } from './schemas/schema-docs.ts';
import { type } from './schemas/type.ts';

/** Schema rules; `type` first: a replaced type silences the value rules after it. */
export const schemaRules: readonly SchemaRule[] = [
  type,
  format,
  nullable,
  enumValues,
  constValue,
  bounds,
  counts,
  pattern,
  multipleOf,
  properties,
  required,
  readWriteOnly,
  additionalProperties,
  alternatives,
  defaults,
  deprecated,
  discriminator,
  otherKeywords,
  schemaDocumentation,
];
export const operationRules: readonly OperationRule[] = [
  existence,
  pathParameterRenamed,
  operationId,
  security,
  securitySchemes,
  securityFlows,
  servers,
  operationDocumentation,
];
export const parameterRules: readonly ParameterRule[] = [
  parameterExistence,
  parameterRequired,
  parameterSerialization,
  headerNameCase,
  parameterDocumentation,
];
export const requestBodyRules: readonly RequestBodyRule[] = [requestBody];
export const contentRules: readonly ContentRule[] = [mediaTypes];
export const mediaRules: readonly MediaRule[] = [mediaSchema, encoding];
export const responsesRules: readonly ResponsesRule[] = [statuses, successStatus];
export const responseRules: readonly ResponseRule[] = [responseDocumentation];
export const headerRules: readonly HeaderRule[] = [responseHeaders];
export const documentRules: readonly DocumentRule[] = [documentDocumentation];

/** Every rule, in the order of the coverage table. */
export const rules: readonly Rule[] = [
  ...operationRules,
  ...parameterRules,
  ...requestBodyRules,
  ...contentRules,
  ...mediaRules,
  ...responsesRules,
  ...responseRules,
  ...headerRules,
  ...schemaRules,
  ...documentRules,
];
