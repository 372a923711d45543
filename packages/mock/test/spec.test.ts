// What Prism gets (no mutualTLS anywhere), what the gateway checks (the model's Bearer scopes), and how
// Prism's violations become envelope details.
import type { ContractModel, HttpMethod, Operation, SecurityRequirement } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { authorizeScopes } from '../src/gateway/admission.ts';
import { violationDetails } from '../src/prism/problems.ts';
import { type OpenApiDocument, withoutMutualTls } from '../src/prism/spec.ts';

const bearer = (...scopes: string[]): SecurityRequirement => ({
  scheme: 'bearerAuth',
  type: 'http',
  httpScheme: 'bearer',
  scopes,
});
const mtls: SecurityRequirement = { scheme: 'mTLS', type: 'mutualTLS', scopes: [] };

function operation(method: HttpMethod, path: string, security: SecurityRequirement[][]): Operation {
  return {
    key: `${method} ${path}`,
    method,
    path,
    operationId: `${method.toLowerCase()}${path.replace(/\W/g, '')}`,
    summary: '',
    tags: [],
    parameters: [],
    responses: [],
    security,
    accountHeader: false,
    gaps: [],
    components: [],
    source: { file: 'openapi.yaml', line: 1 },
  };
}

const model: ContractModel = {
  title: 'test',
  version: '1',
  servers: [],
  securitySchemes: [
    { name: 'bearerAuth', type: 'http', scheme: 'bearer' },
    { name: 'mTLS', type: 'mutualTLS' },
  ],
  gaps: [],
  operations: [
    operation('POST', '/hb/webhook/try', [[bearer('webhook.write'), mtls]]),
    operation('POST', '/hb/cards/{cardProxy}/second', [[bearer(), mtls]]),
    operation('GET', '/only/mtls', [[mtls]]),
  ],
};

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  security: [{ bearerAuth: [], mTLS: [] }],
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, mTLS: { type: 'mutualTLS' } },
  },
  paths: {
    '/hb/webhook/try': {
      post: { operationId: 'tryWebhook', security: [{ bearerAuth: ['webhook.write'], mTLS: [] }] },
    },
    '/hb/cards/{cardProxy}/second': { post: { operationId: 'requestCardSecondCopy' } },
    '/only/mtls': { get: { operationId: 'onlyMtls', security: [{ mTLS: [] }] } },
  },
};

test('withoutMutualTls removes the scheme and every requirement of it, keeping Bearer', () => {
  const stripped = withoutMutualTls(doc, model);
  expect(JSON.stringify(stripped)).not.toMatch(/mTLS|mutualTLS/);
  expect(stripped.security).toEqual([{ bearerAuth: [] }]);
  expect(stripped.paths?.['/hb/webhook/try']?.post).toMatchObject({
    security: [{ bearerAuth: ['webhook.write'] }],
  });
  expect(stripped.paths?.['/only/mtls']?.get).toMatchObject({ security: [{}] });
  expect(JSON.stringify(doc)).toMatch(/mutualTLS/); // the original is left alone
});

test("scopes are checked against the model's Bearer requirement of the operation", () => {
  const [tryWebhook, secondCopy, onlyMtls] = model.operations;
  const refusal = authorizeScopes(tryWebhook, new Set(['webhook.read']), '/hb/webhook/try');
  expect(refusal).toMatchObject({ status_code: 403, code: 'FORBIDDEN', path: '/hb/webhook/try' });
  expect(refusal?.message).toMatch(/webhook\.write/);
  expect(authorizeScopes(tryWebhook, new Set(['webhook.write']), '/hb/webhook/try')).toBeUndefined();
  expect(authorizeScopes(secondCopy, new Set(), '/hb/cards/CRD-1/second')).toBeUndefined(); // no scope asked
  expect(authorizeScopes(onlyMtls, new Set(), '/only/mtls')).toBeUndefined(); // no Bearer asked
  expect(authorizeScopes(undefined, new Set(), '/nowhere')).toBeUndefined(); // Prism answers 404
});

test("Prism's sl-violations become details with location and field", () => {
  const header = JSON.stringify([
    {
      location: ['request', 'body'],
      code: 'required',
      message: "Request body must have required property 'taxId'",
    },
    { location: ['request', 'body', 'address', 'zipCode'], code: 'type', message: 'must be string' },
    {
      location: ['request', 'header'],
      code: 'required',
      message: "must have required property 'x-account-id'",
    },
    { location: ['request'], code: 415, message: 'Supported content types: application/json' },
  ]);
  expect(violationDetails(header)).toEqual([
    {
      location: 'body',
      field: 'taxId',
      code: 'required',
      message: "Request body must have required property 'taxId'",
    },
    { location: 'body', field: 'address.zipCode', code: 'type', message: 'must be string' },
    {
      location: 'header',
      field: 'x-account-id',
      code: 'required',
      message: "must have required property 'x-account-id'",
    },
    { location: 'request', code: '415', message: 'Supported content types: application/json' },
  ]);
  expect(violationDetails(undefined)).toEqual([]);
  expect(violationDetails('not json')).toEqual([
    { location: 'request', code: 'invalid', message: 'not json' },
  ]);
});
