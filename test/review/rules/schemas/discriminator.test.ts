// rules/schemas/discriminator.ts: its property renamed or a mapping removed breaks both; one added breaks readers.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const tagged = (propertyName: string, mapping: Record<string, string>) =>
  shared({
    type: 'object',
    properties: { kind: { type: 'string' } },
    discriminator: { propertyName, mapping },
  });

it('renamed, removed, added', () => {
  const base = tagged('kind', { a: '#/components/schemas/A' });
  expect(verdicts(compare(base, tagged('type', { a: '#/components/schemas/A' })))).toEqual({
    [SEND]: ['discriminator-changed:breaking'],
    [READ]: ['discriminator-changed:breaking'],
  });
  expect(verdicts(compare(base, tagged('kind', {})))[SEND]).toEqual(['discriminator-changed:breaking']);
  expect(
    verdicts(compare(base, tagged('kind', { a: '#/components/schemas/A', b: '#/components/schemas/B' }))),
  ).toEqual({ [SEND]: ['discriminator-changed:info'], [READ]: ['discriminator-changed:breaking'] });
});
