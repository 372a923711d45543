// What Prism gets (no mutualTLS anywhere) and what the gateway reads (scopes per operation).
import { expect, test } from 'vitest';
import { violationDetails } from '../src/envelope.ts';
import { findRoute, type OpenApiDocument, routesOf, withoutMutualTls } from '../src/spec.ts';

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
  const stripped = withoutMutualTls(doc);
  expect(JSON.stringify(stripped)).not.toMatch(/mTLS|mutualTLS/);
  expect(stripped.security).toEqual([{ bearerAuth: [] }]);
  expect(stripped.paths?.['/hb/webhook/try']?.post).toMatchObject({
    security: [{ bearerAuth: ['webhook.write'] }],
  });
  expect(stripped.paths?.['/only/mtls']?.get).toMatchObject({ security: [{}] });
  expect(JSON.stringify(doc)).toMatch(/mutualTLS/); // the original is left alone
});

test('routes carry the Bearer scopes; path templates match one segment', () => {
  const routes = routesOf(doc);
  expect(findRoute(routes, 'POST', '/hb/webhook/try')?.scopeSets).toEqual([['webhook.write']]);
  expect(findRoute(routes, 'POST', '/hb/cards/CRD-1/second')).toMatchObject({
    operationId: 'requestCardSecondCopy',
    scopeSets: [[]],
  });
  expect(findRoute(routes, 'POST', '/hb/cards/a/b/second')).toBeUndefined();
  expect(findRoute(routes, 'GET', '/hb/webhook/try')).toBeUndefined();
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
