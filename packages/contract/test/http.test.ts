// The URL helper every package uses on a base URL it was given: trailing slashes go, in linear time.

import { withoutTrailingSlashes } from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearGrowth } from '../../../test/support/growth.ts';

describe('withoutTrailingSlashes', () => {
  it.each([
    ['https://mock:8443', 'https://mock:8443'],
    ['https://mock:8443/', 'https://mock:8443'],
    ['https://mock:8443/api///', 'https://mock:8443/api'],
    ['/', ''],
    ['', ''],
  ])('%s → %s', (url, expected) => expect(withoutTrailingSlashes(url)).toBe(expected));

  it('keeps everything before the last run of slashes', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(5), (text, slashes) => {
        const kept = withoutTrailingSlashes(text + '/'.repeat(slashes));
        expect(kept.endsWith('/')).toBe(false);
        expect(text.startsWith(kept)).toBe(true);
      }),
    );
  });

  it('costs CPU time linear in a run of slashes that does not end the string (/\\/+$/ is quadratic)', () => {
    const growth = linearGrowth((n) => `${'/'.repeat(n)}a`, withoutTrailingSlashes, 2_000);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});
