// Hooks chained: one hook that throws after an answer is logged and cannot stop the others or the server.
import { expect, test } from 'vitest';
import { chainHooks, type RequestContext } from '../src/hooks.ts';

test('a throwing onResponse hook is logged with the request id; the next hook still runs', () => {
  const lines: string[] = [];
  const seen: number[] = [];
  const chain = chainHooks(
    [
      {
        onResponse: () => {
          throw new TypeError('Invalid URL');
        },
      },
      { onResponse: (_ctx, status) => seen.push(status) },
    ],
    (line) => lines.push(line),
  );
  expect(() => chain.onResponse?.({ requestId: 'req-1' } as RequestContext, 200)).not.toThrow();
  expect(seen).toEqual([200]);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('req-1');
  expect(lines[0]).toContain('Invalid URL');
});
