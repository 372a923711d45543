// rules/document/documentation.ts: info, tags and a security scheme's documentation fields: info under
// `document`, no operation named.
import { expect, it } from 'vitest';
import { compare, edited, operation, verdicts } from '../harness.ts';

const base = operation(
  {},
  {
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  },
);

it("a scheme's description and bearerFormat: info under document", () => {
  const head = edited(base, (d) =>
    Object.assign(d.components.securitySchemes.bearer, { bearerFormat: 'opaque', description: 'x' }),
  );
  expect(verdicts(compare(base, head))).toEqual({ document: ['documentation-changed:info'] });
});

it('the title, tags: info under document; the version: not a finding', () => {
  const head = edited(base, (d) =>
    Object.assign(d, { tags: [{ name: 'x' }], info: { title: 'other', version: '2.0.0' } }),
  );
  expect(verdicts(compare(base, head))).toEqual({
    document: ['documentation-changed:info', 'documentation-changed:info'],
  });
});
