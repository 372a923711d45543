// The model on OpenAPI features our contract does not use (test/fixtures/model/features-31.yaml, -30.yaml):
// operations without ids get derived, stable ids (a clash settled by a hash); identical path templates and
// path-item parameters; a parameter given by `content`; mutually recursive schemas kept as references, each
// written once in the schema table and validated through it; every security scheme type; callbacks (one that
// registers itself ends) and webhooks as outgoing requests; any media type; 3.0's nullable and exclusive
// bounds read as 3.1 spells them.
import path from 'node:path';
import {
  bearerScopes,
  type ContractModel,
  type JsonSchema,
  type Operation,
  propertySchema,
  resolveSchema,
} from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract, renderModel } from '../../model/load.ts';
import { derivedOperationId } from '../../model/operation-ids.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures/model', name);
let model: ContractModel;
let model30: ContractModel;
const op = (key: string) => model.operations.find((o) => o.key === key) as Operation;

beforeAll(async () => {
  [{ model }, { model: model30 }] = await Promise.all([
    loadContract(fixture('features-31.yaml')),
    loadContract(fixture('features-30.yaml')),
  ]);
});

describe('operations without an operationId', () => {
  it('get an id from their method and path, marked derived; identical templates get their own', () => {
    expect(op('GET /items/{itemId}')).toMatchObject({
      operationId: 'getItemsByItemId',
      operationIdDerived: true,
    });
    expect(op('GET /items/{code}')).toMatchObject({
      operationId: 'getItemsByCode',
      operationIdDerived: true,
    });
    expect(op('GET /given')).toMatchObject({ operationId: 'getAB' });
    expect(op('GET /given').operationIdDerived).toBeUndefined();
  });

  it('a derived id that clashes with another id takes a hash of its key, the same on every load', async () => {
    const ids = [op('GET /a-b').operationId, op('GET /a_b').operationId];
    expect(ids).toEqual([
      expect.stringMatching(/^getAB_[0-9a-f]{8}$/),
      expect.stringMatching(/^getAB_[0-9a-f]{8}$/),
    ]);
    expect(new Set(ids).size).toBe(2);
    const again = (await loadContract(fixture('features-31.yaml'))).model;
    expect(again.operations.map((o) => o.operationId)).toEqual(model.operations.map((o) => o.operationId));
  });

  it('derives readable ids', () => {
    expect(derivedOperationId('PUT', '/pix/{e2eid}/devolucao/{id}')).toBe('putPixByE2eidDevolucaoById');
    expect(derivedOperationId('GET', '/')).toBe('getRoot');
    expect(derivedOperationId('POST', '/v1/payment_intents/{intent}/confirm')).toBe(
      'postV1PaymentIntentsByIntentConfirm',
    );
  });
});

describe('parameters', () => {
  it('takes path-item parameters and a parameter given by content', () => {
    expect(op('GET /items/{itemId}').parameters.map((p) => p.name)).toEqual(['itemId']);
    const filter = op('GET /items/{code}').parameters.find((p) => p.name === 'filter');
    expect(resolveSchema(filter?.schema)?.properties).toEqual({ tag: { type: 'string' } });
  });
});

describe('recursive schemas', () => {
  it('keeps each as a reference, written once in the table, its cycles as references back', () => {
    const schema = op('GET /items/{itemId}').responses[0]?.content[0]?.schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/Tree' });
    expect(Object.keys(model.schemas ?? {}).sort()).toEqual([
      '#/components/schemas/Event',
      '#/components/schemas/Person',
      '#/components/schemas/Tree',
    ]);
    const person = model.schemas?.['#/components/schemas/Person'] as JsonSchema;
    expect(propertySchema(person, 'boss')).toEqual({ $ref: '#/components/schemas/Person' });
    expect(resolveSchema(propertySchema(person, 'boss'))).toBe(person);
    expect(() => renderModel(model)).not.toThrow();
  });

  it('validates through the references, at any depth', () => {
    const schema = op('GET /items/{itemId}').responses[0]?.content[0]?.schema as JsonSchema;
    const deep = {
      name: 'a',
      owner: { name: 'o', boss: { name: 'b', manages: [{ name: 't', children: [] }] } },
    };
    expect(conforms(schema, deep)).toBe(true);
    expect(conforms(schema, { name: 'a', owner: { boss: { manages: [{ nameless: true }] } } })).toBe(false);
  });

  it('reads a schema that is its own allOf member, and finds properties through it', () => {
    const event = model.schemas?.['#/components/schemas/Event'] as JsonSchema;
    expect(propertySchema(event, 'kind')).toEqual({ type: 'string' });
    expect(propertySchema(event, 'none')).toBeUndefined();
  });
});

describe('security schemes', () => {
  it('reads every type with what it says', () => {
    const scheme = (name: string) => model.securitySchemes.find((s) => s.name === name);
    expect(scheme('apiKeyHeader')).toEqual({
      name: 'apiKeyHeader',
      type: 'apiKey',
      in: 'header',
      parameterName: 'X-Api-Key',
    });
    expect(scheme('apiKeyCookie')).toMatchObject({ in: 'cookie', parameterName: 'session' });
    expect(scheme('basicAuth')).toEqual({ name: 'basicAuth', type: 'http', scheme: 'basic' });
    expect(scheme('oauth')?.flows).toEqual([
      {
        flow: 'clientCredentials',
        tokenUrl: 'https://auth.example.com/token',
        scopes: ['items.read', 'items.write'],
      },
      {
        flow: 'authorizationCode',
        authorizationUrl: 'https://auth.example.com/authorize',
        tokenUrl: 'https://auth.example.com/token',
        scopes: ['items.read'],
      },
    ]);
    expect(scheme('oidc')).toMatchObject({
      type: 'openIdConnect',
      openIdConnectUrl: expect.stringContaining('openid'),
    });
    expect(scheme('mtls')).toEqual({ name: 'mtls', type: 'mutualTLS' });
  });

  it('OAuth 2 and OpenID Connect scopes are what a Bearer token must carry; the document-wide requirement applies', () => {
    expect(bearerScopes(op('GET /given'))).toEqual([['items.read'], ['openid']]);
    expect(op('GET /items/{itemId}').security).toEqual([
      [{ scheme: 'apiKeyHeader', type: 'apiKey', scopes: [] }],
    ]);
    expect(op('POST /tokens').security.map((alternative) => alternative.map((r) => r.scheme))).toEqual([
      ['basicAuth'],
      ['apiKeyQuery', 'apiKeyCookie'],
      ['mtls'],
    ]);
  });
});

describe('callbacks, webhooks and media types', () => {
  it('reads callbacks (one level: one that registers itself ends) and webhooks as outgoing requests', () => {
    const outgoing = (model.outgoing ?? []).map((o) => ({
      kind: o.kind,
      name: o.name,
      from: o.from,
      key: o.operation.key,
      id: o.operation.operationId,
      callbacks: o.operation.callbacks,
    }));
    expect(outgoing).toEqual([
      {
        kind: 'callback',
        name: 'onEvent',
        from: 'POST /tokens',
        key: 'POST {$request.body#/callbackUrl}',
        id: 'postSendTokenOnEvent',
        callbacks: ['again'],
      },
      {
        kind: 'webhook',
        name: 'itemChanged',
        from: undefined,
        key: 'POST itemChanged',
        id: 'postItemChanged',
        callbacks: undefined,
      },
    ]);
    const event = model.outgoing?.[0]?.operation.requestBody?.content[0]?.schema;
    expect(event).toEqual({ $ref: '#/components/schemas/Event' });
  });

  it('keeps every media type as written, JWT and JOSE bodies and problem+json answers', () => {
    const tokens = op('POST /tokens');
    expect(tokens.requestBody?.content.map((m) => m.mediaType)).toEqual([
      'application/jwt',
      'application/jose',
    ]);
    expect(tokens.responses[0]?.content.map((m) => m.mediaType)).toEqual([
      'application/problem+json',
      'text/plain',
    ]);
    expect(conforms(tokens.requestBody?.content[0]?.schema ?? {}, 'a.b.c')).toBe(true);
  });
});

describe('OpenAPI 3.0 read as 3.1', () => {
  const thing = () => model30.schemas?.['#/components/schemas/Thing'] as JsonSchema;
  const property = (name: string) => propertySchema(thing(), name) as JsonSchema;

  it('spells nullable as 3.1 does, on a type, an enum, an anyOf and a reference', () => {
    expect(property('note')).toEqual({ type: ['string', 'null'] });
    expect(property('color')).toEqual({ type: ['string', 'null'], enum: ['red', 'blue', null] });
    expect(property('either')).toEqual({
      anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'null' }],
    });
    expect(property('ref')).toEqual({
      anyOf: [{ allOf: [{ $ref: '#/components/schemas/Amount' }] }, { type: 'null' }],
    });
    expect(property('plain')).toEqual({ type: 'string' });
  });

  it('moves boolean exclusive bounds into the keyword', () => {
    expect(model30.schemas?.['#/components/schemas/Amount']).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 100,
    });
  });

  it('validates by 3.0 meaning: null where nullable, the bounds exclusive where they say so', () => {
    const body = model30.operations[0]?.requestBody?.content[0]?.schema as JsonSchema;
    expect(conforms(body, { note: null, color: null, either: null, ref: null, amount: 100 })).toBe(true);
    expect(conforms(body, { plain: null })).toBe(false);
    expect(conforms(body, { amount: 0 })).toBe(false);
    expect(conforms(body, { ref: 0 })).toBe(false);
    expect(conforms(body, { color: 'green' })).toBe(false);
  });
});
