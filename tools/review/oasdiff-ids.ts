// The oasdiff check id a finding corresponds to, by rule and direction, where oasdiff has one: teams that
// know oasdiff's catalogue (or exempt its ids elsewhere) can read our findings in its terms.
import type { Direction } from './directions.ts';

type ById = Partial<Record<Direction, string>>;

const IDS: Record<string, ById> = {
  'path-removed': { request: 'api-path-removed-without-deprecation' },
  'operation-removed': { request: 'api-removed-without-deprecation' },
  'operation-id-changed': { request: 'api-operation-id-removed' },
  'parameter-removed': { parameter: 'request-parameter-removed' },
  'parameter-became-required': { parameter: 'request-parameter-became-required' },
  'request-body-removed': { request: 'request-body-removed' },
  'request-body-became-required': { request: 'request-body-became-required' },
  'response-removed': { response: 'response-success-status-removed' },
  'response-header-removed': { header: 'response-header-removed' },
  'media-type-removed': {
    request: 'request-body-media-type-removed',
    response: 'response-media-type-removed',
  },
  'schema-type-changed': {
    request: 'request-property-type-changed',
    parameter: 'request-parameter-type-changed',
    response: 'response-property-type-changed',
  },
  'enum-values-removed': {
    request: 'request-property-enum-value-removed',
    parameter: 'request-parameter-enum-value-removed',
    response: 'response-property-enum-value-removed',
  },
  'enum-values-added': {
    request: 'request-property-enum-value-added',
    parameter: 'request-parameter-enum-value-added',
    response: 'response-property-enum-value-added',
  },
  'required-properties-added': {
    request: 'request-property-became-required',
    response: 'response-property-became-required',
  },
  'required-properties-removed': {
    request: 'request-property-became-optional',
    response: 'response-property-became-optional',
  },
  'property-removed': { request: 'request-property-removed', response: 'response-required-property-removed' },
  'schema-combinator-changed': {
    request: 'request-property-one-of-removed',
    response: 'response-property-one-of-added',
  },
  'security-requirement-changed': { security: 'api-security-removed' },
  'security-scheme-changed': { security: 'api-security-component-type-changed' },
  'response-covered-by-default': { response: 'response-non-success-status-removed' },
  'oauth-token-url-changed': { security: 'api-security-component-oauth-token-url-changed' },
  'oauth-scope-removed': { security: 'api-security-component-oauth-scope-removed' },
  'oauth-scope-added': { security: 'api-security-component-oauth-scope-added' },
  'default-changed': {
    request: 'request-property-default-value-changed',
    parameter: 'request-parameter-default-value-changed',
    response: 'response-property-default-value-changed',
  },
  'read-only-changed': {
    request: 'request-optional-property-became-read-only',
    response: 'response-optional-property-became-read-only',
  },
  'write-only-changed': {
    request: 'request-optional-property-became-write-only',
    response: 'response-optional-property-became-write-only',
  },
};

/** The oasdiff id of `rule` in `direction` (the first direction oasdiff names one for), if any. */
export function oasdiffId(rule: string, directions: readonly Direction[]): string | undefined {
  const ids = IDS[rule];
  if (!ids) return undefined;
  for (const direction of directions) if (ids[direction]) return ids[direction];
  return Object.keys(ids).length === 1 && directions.length === 0 ? Object.values(ids)[0] : undefined;
}

/** Every rule with an oasdiff counterpart (for the coverage table). */
export const oasdiffIdsOf = (rule: string): string[] => [...new Set(Object.values(IDS[rule] ?? {}))];
