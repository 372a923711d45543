// rules/schemas/read-write-only.ts: readOnly on breaks senders, writeOnly on breaks readers.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const flagged = (flags: Record<string, boolean>, required: string[] = []) =>
  shared({ type: 'object', required, properties: { tag: { type: 'string', ...flags } } });

it('made readOnly: breaks senders; made writeOnly: breaks readers', () => {
  expect(verdicts(compare(flagged({}), flagged({ readOnly: true })))).toEqual({
    [SEND]: ['read-only-changed:breaking'],
    [READ]: ['read-only-changed:info'],
  });
  expect(verdicts(compare(flagged({}), flagged({ writeOnly: true })))).toEqual({
    [SEND]: ['write-only-changed:info'],
    [READ]: ['write-only-changed:breaking'],
  });
});

it('no longer readOnly while required: senders must now send it', () => {
  expect(verdicts(compare(flagged({ readOnly: true }, ['tag']), flagged({}, ['tag'])))[SEND]).toEqual([
    'read-only-changed:breaking',
  ]);
  expect(verdicts(compare(flagged({ readOnly: true }), flagged({})))[SEND]).toEqual([
    'read-only-changed:non-breaking',
  ]);
});

it('readOnly: false is no flag', () => {
  expect(compare(flagged({}), flagged({ readOnly: false }))).toEqual([]);
});
