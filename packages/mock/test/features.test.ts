// Features chained: one that throws once a request was served is logged and cannot stop the others or the server.
import { expect, test } from 'vitest';
import { chainFeatures } from '../src/features/feature.ts';
import type { ServedRequest } from '../src/http/served.ts';

test('a throwing `served` step is logged with the request id; the next feature still runs', () => {
  const lines: string[] = [];
  const seen: number[] = [];
  const chain = chainFeatures(
    [
      {
        served: () => {
          throw new TypeError('Invalid URL');
        },
      },
      { served: (served) => seen.push(served.status) },
    ],
    (line) => lines.push(line),
  );
  const served = { requestId: 'req-1', status: 200 } as ServedRequest;
  expect(() => chain.served(served, undefined, [])).not.toThrow();
  expect(seen).toEqual([200]);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('req-1');
  expect(lines[0]).toContain('Invalid URL');
});
