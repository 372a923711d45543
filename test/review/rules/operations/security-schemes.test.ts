// rules/operations/security-schemes.ts: what a caller sends changed (type, HTTP scheme, key place or name);
// documentation fields are not (rules/document/documentation.ts).
import { expect, it } from 'vitest';
import { compare, type Doc, edited, operation, SEND, verdicts } from '../harness.ts';

const base = operation(
  {},
  {
    security: [{ key: [] }],
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
  },
);
const scheme = (d: Doc) => d.components.securitySchemes.key;

it("the key's name or place changed: breaking for its users", () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (scheme(d).name = 'X-Token')),
      ),
    ),
  ).toEqual({ [SEND]: ['security-scheme-changed:breaking'] });
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (scheme(d).in = 'query')),
      ),
    ),
  ).toEqual({ [SEND]: ['security-scheme-changed:breaking'] });
});

it("a header key's name in another case: nothing", () => {
  expect(
    compare(
      base,
      edited(base, (d) => (scheme(d).name = 'x-key')),
    ),
  ).toEqual([]);
});
