// Tokens: none, of the other environment, expired, forged or garbage, and scopes short of what the
// model's Bearer requirement asks. Each refusal is the error envelope (401 for the token, 403 for
// environment and scope).
import { allScopes, bearerScopes, type Operation, requestMedia } from '@banking-api/contract';
import { expect, test } from 'vitest';
import { accountId, bankingClient, callOperation, raw } from '../../../support/clients.ts';
import { answerOf, expectEnvelope, pathOf } from '../../../support/envelope.ts';
import { validRequest } from '../../../support/requests.ts';
import { useSession } from '../../../support/session.ts';

/** A token with the sandbox's claims but someone else's signature. */
function forgedFrom(token: string): string {
  const [header, , signature] = token.split('.');
  const claims = { env: 'sandbox', scope: 'webhook.read', exp: 4e9, iss: 'banking-api-mock' };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

export function authenticationCases(): void {
  const session = useSession();
  const ops = () => session.spec.operations;

  /** A client of the mock (sandbox certificate) whose token carries exactly `scopes`. */
  async function clientWithScopes(scopes: string[]) {
    return bankingClient(session.mock, await session.mock.token('sandbox', { scopes }));
  }

  test('no token: 401 on every operation', async () => {
    for (const o of ops()) {
      const { url, body } = validRequest(o);
      const headers = {
        'x-account-id': accountId,
        'content-type': requestMedia(o)?.mediaType ?? 'application/json',
      };
      const answer = await raw(session.agent, session.mock.url + url, {
        method: o.method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(expectEnvelope(session.spec, answer, 401, pathOf(url)).code).toBe('UNAUTHORIZED');
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });

  test('a token of the other environment: 403 on every operation', async () => {
    const other = bankingClient(session.mock, await session.mock.token('production'));
    try {
      for (const o of ops()) {
        const { params, url, body } = validRequest(o);
        const answer = answerOf(await callOperation(other, o, { params, body }));
        expect(expectEnvelope(session.spec, answer, 403, pathOf(url)).message).toMatch(/production.*sandbox/);
      }
    } finally {
      await other.close();
    }
  });

  test('a production certificate with a production token is accepted', async () => {
    const prod = bankingClient(session.mock, await session.mock.token('production'), { env: 'production' });
    try {
      const { response } = await prod.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-1' } } });
      expect(response.status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  test('expired, forged and garbage tokens: 401', async () => {
    const expired = await session.mock.token('sandbox', { ttlSeconds: -60 });
    for (const bad of [expired, forgedFrom(session.token), 'not-a-jwt']) {
      const answer = await raw(session.agent, `${session.mock.url}/hb/webhook/logs`, {
        method: 'GET',
        headers: { authorization: `Bearer ${bad}` },
      });
      const envelope = expectEnvelope(session.spec, answer, 401, '/hb/webhook/logs');
      if (bad === expired) expect(envelope.message).toMatch(/expired/);
    }
  });

  test("each operation's Bearer scopes: lacking one is a 403 naming it; having them suffices", async () => {
    const scoped = ops().filter((o) => bearerScopes(o).some((set) => set.length > 0));
    expect(scoped.length).toBeGreaterThan(0);
    for (const o of scoped) {
      const needed = bearerScopes(o)[0] ?? [];
      for (const missing of needed) {
        const answer = await callWithScopes(
          o,
          allScopes(ops()).filter((s) => s !== missing),
        );
        const envelope = expectEnvelope(session.spec, answer, 403, pathOf(validRequest(o).url));
        expect(envelope.message).toContain(missing);
      }
      expect((await callWithScopes(o, needed)).status).toBeLessThan(300);
    }
  });

  test('operations whose scopes the contract does not state take a token without scopes', async () => {
    const open = ops().filter((o) => bearerScopes(o).every((set) => set.length === 0));
    expect(open.length).toBeGreaterThan(0);
    for (const o of open) expect((await callWithScopes(o, [])).status, o.operationId).toBeLessThan(300);
  });

  async function callWithScopes(o: Operation, scopes: string[]) {
    const client = await clientWithScopes(scopes);
    try {
      const { params, body } = validRequest(o);
      return answerOf(await callOperation(client, o, { params, body }));
    } finally {
      await client.close();
    }
  }
}
