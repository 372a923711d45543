import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../../model/load.ts';
import { readWriteOnly } from '../../../tools/review/rules/read-write-only.ts';
import { baseFixture } from '../helpers.ts';
import { contextOf, modified } from './context.ts';

let contract: LoadedContract;
beforeAll(async () => {
  contract = await loadContract(baseFixture);
});
const P = (name: string) => `#/components/schemas/TedRequest/properties/${name}`;
const run = (name: string, flag: string, on: boolean) =>
  readWriteOnly.run(
    contextOf([modified(P(name), flag, on ? undefined : true, on ? true : undefined)], contract),
  )[0];

describe('read-write-only', () => {
  it('made readOnly breaks senders; made writeOnly breaks readers', () => {
    expect(run('description', 'readOnly', true)).toMatchObject({
      rule: 'read-only-changed',
      byRole: { send: 'major' },
    });
    expect(run('description', 'writeOnly', true)).toMatchObject({
      rule: 'write-only-changed',
      byRole: { read: 'major' },
    });
  });

  it('no longer readOnly breaks senders only where the property is required', () => {
    expect(run('bankCode', 'readOnly', false)?.byRole).toEqual({ send: 'major' });
    expect(run('description', 'readOnly', false)?.byRole).toEqual({ send: 'minor' });
  });
});
