// rules/schemas/enum.ts: values removed narrow, added widen, both break both; set and dropped enums.
import { expect, it } from 'vitest';
import { compare, edited, HOOK, READ, SEND, shared, verdicts } from '../harness.ts';

const base = shared({ type: 'string', enum: ['A', 'B'] }, { webhook: true });
const values = (list?: string[]) =>
  edited(base, (d) => {
    if (list) d.components.schemas.Shared.enum = list;
    else delete d.components.schemas.Shared.enum;
  });

it('a value removed: breaks senders; a webhook receiver (it reads) is not broken', () => {
  expect(verdicts(compare(base, values(['A'])))).toEqual({
    [SEND]: ['enum-values-removed:breaking'],
    [READ]: ['enum-values-removed:info'],
    [HOOK]: ['enum-values-removed:info'],
  });
});

it('a value added: breaks readers and the webhook receiver', () => {
  expect(verdicts(compare(base, values(['A', 'B', 'C'])))).toEqual({
    [SEND]: ['enum-values-added:info'],
    [READ]: ['enum-values-added:breaking'],
    [HOOK]: ['enum-values-added:breaking'],
  });
});

it('one replaced by another: breaks both ways, one finding', () => {
  const findings = compare(base, values(['A', 'C']));
  expect(verdicts(findings)[SEND]).toEqual(['enum-values-changed:breaking']);
  expect(verdicts(findings)[READ]).toEqual(['enum-values-changed:breaking']);
});

it('reordered: nothing; set where there was none: narrowed; dropped: widened', () => {
  expect(compare(base, values(['B', 'A']))).toEqual([]);
  expect(verdicts(compare(values(), base))[SEND]).toEqual(['enum-added:breaking']);
  expect(verdicts(compare(base, values()))[READ]).toEqual(['enum-removed:breaking']);
});
