// rules/schemas/pattern.ts: a pattern set narrows, dropped (or made match-anything) widens, changed breaks both.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

const with_ = (pattern?: string) => shared({ type: 'string', ...(pattern && { pattern }) });

it.each([
  [undefined, '^[0-9]+$', 'breaking', 'info'],
  ['^[0-9]+$', undefined, 'info', 'breaking'],
  ['^[0-9]+$', '.*', 'info', 'breaking'],
  ['^[0-9]+$', '^[a-z]+$', 'breaking', 'breaking'],
])('%s → %s: senders %s, readers %s', (before, after, send, read) => {
  expect(verdicts(compare(with_(before), with_(after)))).toEqual({
    [SEND]: [`pattern-changed:${send}`],
    [READ]: [`pattern-changed:${read}`],
  });
});
