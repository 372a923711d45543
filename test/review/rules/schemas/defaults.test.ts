// rules/schemas/defaults.ts: a default changed or removed breaks senders (who leave it out); set is info.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const byDefault = (value?: string) =>
  shared({ type: 'string', ...(value !== undefined && { default: value }) });

it('changed or removed: breaks senders, info for readers; set: info', () => {
  expect(verdicts(compare(byDefault('a'), byDefault('b')))).toEqual({
    [SEND]: ['default-changed:breaking'],
    [READ]: ['default-changed:info'],
  });
  expect(verdicts(compare(byDefault('a'), byDefault()))[SEND]).toEqual(['default-changed:breaking']);
  expect(verdicts(compare(byDefault(), byDefault('a')))).toEqual({
    [SEND]: ['default-changed:info'],
    [READ]: ['default-changed:info'],
  });
});
