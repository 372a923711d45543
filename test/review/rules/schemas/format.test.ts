// rules/schemas/format.ts: a format widened (int32 → int64, dropped), narrowed or replaced, by direction.
import { expect, it } from 'vitest';
import { compare, edited, READ, SEND, shared, verdicts } from '../harness.ts';

const base = shared({ type: 'integer', format: 'int32' });
const formatted = (format?: string) =>
  edited(base, (d) => {
    if (format) d.components.schemas.Shared.format = format;
    else delete d.components.schemas.Shared.format;
  });

it.each<[string | undefined]>([['int64'], [undefined]])(
  'int32 → %s widens: breaks readers only',
  (format) => {
    expect(verdicts(compare(base, formatted(format)))).toEqual({
      [SEND]: ['format-changed:info'],
      [READ]: ['format-changed:breaking'],
    });
  },
);

it('int64 → int32 narrows: breaks senders only', () => {
  const wide = formatted('int64');
  const findings = compare(wide, base);
  expect(verdicts(findings)).toEqual({
    [SEND]: ['format-changed:breaking'],
    [READ]: ['format-changed:info'],
  });
  // oasdiff's ids of a type change: changed for senders, specialized for readers.
  expect(findings.find((f) => f.operation === SEND)).toMatchObject({
    oasdiff: 'request-body-type-changed',
    message: expect.stringContaining('Format narrowed from `int64` to `int32`.'),
  });
  expect(findings.find((f) => f.operation === READ)?.oasdiff).toBe('response-body-type-specialized');
});

it('an unrelated format replaces: breaks both', () => {
  const uuid = shared({ type: 'string', format: 'uuid' });
  const email = edited(uuid, (d) => Object.assign(d.components.schemas.Shared, { format: 'email' }));
  expect(verdicts(compare(uuid, email))).toEqual({
    [SEND]: ['format-changed:breaking'],
    [READ]: ['format-changed:breaking'],
  });
});
