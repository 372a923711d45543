import { beforeAll, describe, expect, it } from 'vitest';
import { type LoadedContract, loadContract } from '../../../model/load.ts';
import { securityFlows } from '../../../tools/review/rules/security-flows.ts';
import { fixtureDir, writeMutation } from '../helpers.ts';
import { contextOf } from './context.ts';

const withOauth =
  (tokenUrl: string, scopes: Record<string, string>) =>
  // biome-ignore lint/suspicious/noExplicitAny: free-form spec edits
  (d: Record<string, any>) => {
    d.components.securitySchemes.oauth = {
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl, scopes } },
    };
    d.paths['/hb/cards/create'].post.security = [{ oauth: ['a'] }];
    d.paths['/hb/webhook/logs'].get.security = [{ oauth: ['b'] }];
  };

let before: LoadedContract;
let after: LoadedContract;
beforeAll(async () => {
  const tmp = await fixtureDir();
  before = await loadContract(
    await writeMutation(tmp.dir, 'base', withOauth('https://a/token', { a: 'A', b: 'B' })),
  );
  after = await loadContract(
    await writeMutation(tmp.dir, 'head', withOauth('https://b/token', { a: 'A', c: 'C' })),
  );
  await tmp.dispose();
});

describe('security-flows', () => {
  it('rates a moved token URL for every user, a removed scope for the operations needing it', () => {
    const drafts = securityFlows.run(contextOf([], before, after));
    expect(drafts.map((d) => d.rule).sort()).toEqual([
      'oauth-scope-added',
      'oauth-scope-removed',
      'oauth-token-url-changed',
    ]);
    const url = drafts.find((d) => d.rule === 'oauth-token-url-changed');
    expect(url?.operations?.sort()).toEqual(['GET /hb/webhook/logs', 'POST /hb/cards/create']);
    const scope = drafts.find((d) => d.rule === 'oauth-scope-removed');
    expect(scope?.impactFor?.('GET /hb/webhook/logs')).toBe('major');
    expect(scope?.impactFor?.('POST /hb/cards/create')).toBe('patch');
  });

  it('finds nothing when the flows are equal', () => {
    expect(securityFlows.run(contextOf([], before, before))).toEqual([]);
  });
});
