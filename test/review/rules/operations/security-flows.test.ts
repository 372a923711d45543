// rules/operations/security-flows.ts: a token URL moved breaks every user of the scheme; a scope removed
// breaks the operations requiring it (info for the other users); a scope added is an addition.
import { expect, it } from 'vitest';
import { compare, type Doc, edited, verdicts } from '../harness.ts';

const op = (id: string, scopes: string[]) => ({
  post: { operationId: id, security: [{ oauth: scopes }], responses: { '204': { description: 'OK' } } },
});
const base = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: { '/a': op('a', ['a.write']), '/b': op('b', ['b.write']) },
  components: {
    securitySchemes: {
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://t.example', scopes: { 'a.write': 'A', 'b.write': 'B' } },
        },
      },
    },
  },
};
const flow = (d: Doc) => d.components.securitySchemes.oauth.flows.clientCredentials;

it('token URL moved: breaking for both users', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (flow(d).tokenUrl = 'https://u.example')),
      ),
    ),
  ).toEqual({
    'POST /a': ['oauth-token-url-changed:breaking'],
    'POST /b': ['oauth-token-url-changed:breaking'],
  });
});

it('a scope removed: breaking for the operation requiring it, info for the other', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => delete flow(d).scopes['b.write']),
      ),
    ),
  ).toEqual({ 'POST /a': ['oauth-scope-removed:info'], 'POST /b': ['oauth-scope-removed:breaking'] });
});

it('a scope added: non-breaking', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (flow(d).scopes['c.read'] = 'C')),
      ),
    )['POST /a'],
  ).toEqual(['oauth-scope-added:non-breaking']);
});
