// The URL helper every package uses on a base URL it was given: trailing slashes go, in linear time.

import { withoutTrailingSlashes } from '@banking-api/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastestRun } from '../../../test/support/growth.ts';

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

  it('costs about ×10 for ×10 slashes that do not end the string (/\\/+$/ would cost ×100)', () => {
    const hostile = (n: number) => `${'/'.repeat(n)}a`;
    const small = hostile(20_000);
    const large = hostile(200_000);
    const ratio =
      fastestRun(() => withoutTrailingSlashes(large)) /
      Math.max(
        fastestRun(() => withoutTrailingSlashes(small)),
        0.05,
      );
    expect(ratio).toBeLessThan(25);
  });
});
