// rules/schemas/documentation.ts: descriptions, titles, examples and extensions are info.
import { expect, it } from 'vitest';
import { compare, READ, SEND, shared, verdicts } from '../harness.ts';

it('a description or an example changed: info, one finding per operation', () => {
  const findings = compare(
    shared({ type: 'string', description: 'a' }),
    shared({ type: 'string', description: 'b', examples: ['x'] }),
  );
  expect(verdicts(findings)).toEqual({
    [SEND]: ['documentation-changed:info'],
    [READ]: ['documentation-changed:info'],
  });
  expect(findings[0]?.message).toContain('`description`, `examples`');
});
