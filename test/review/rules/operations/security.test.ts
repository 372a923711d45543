// rules/operations/security.ts: the effective requirement (own, else the document's) asking more breaks;
// asking less, or a new way in, does not; an override removed counts the inherited requirement.
import { expect, it } from 'vitest';
import { compare, edited, operation, SEND, verdicts } from '../harness.ts';

const schemes = {
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      key: { type: 'apiKey', in: 'header', name: 'k' },
    },
  },
};
const base = operation({}, { ...schemes, security: [{ bearer: [] }] });

it('an override that asks for another scheme: breaking', () => {
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (d.paths['/send'].post.security = [{ key: [] }])),
      ),
    ),
  ).toEqual({ [SEND]: ['security-requirement-changed:breaking'] });
});

it('an override removed: the inherited requirement is compared', () => {
  const overridden = edited(base, (d) => (d.paths['/send'].post.security = [{ key: [] }]));
  expect(verdicts(compare(overridden, base))).toEqual({ [SEND]: ['security-requirement-changed:breaking'] });
  const same = edited(base, (d) => (d.paths['/send'].post.security = [{ bearer: [] }]));
  expect(compare(base, same)).toEqual([]);
});

it('a new way in (an alternative added) or anonymous access: non-breaking', () => {
  const either = edited(base, (d) => (d.security = [{ bearer: [] }, { key: [] }]));
  expect(verdicts(compare(base, either))).toEqual({ [SEND]: ['security-requirement-changed:non-breaking'] });
  expect(
    verdicts(
      compare(
        base,
        edited(base, (d) => (d.security = [])),
      ),
    )[SEND],
  ).toEqual(['security-requirement-changed:non-breaking']);
});

it('a scope added to the requirement: breaking', () => {
  const scoped = edited(base, (d) => (d.security = [{ bearer: ['write'] }]));
  expect(verdicts(compare(base, scoped))).toEqual({ [SEND]: ['security-requirement-changed:breaking'] });
});
