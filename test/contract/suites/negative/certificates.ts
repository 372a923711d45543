// Client certificates: none, or one from an unknown CA, fail in the TLS handshake (a typed transport
// error in the client) and leave the gateway serving; a resumed TLS session keeps its environment.
import { connect as tlsConnect } from 'node:tls';
import { makeCa, makeClientCert } from '@banking-api/mock';
import { expect, test } from 'vitest';
import { bankingClient, TransportError } from '../../../support/clients.ts';
import type { TestMock } from '../../../support/mock-server.ts';
import { useSession } from '../../../support/session.ts';

export function certificateCases(): void {
  const session = useSession();

  async function expectTlsFailure(cert: { cert: string; key: string } | null) {
    const c = bankingClient(session.mock, session.token, { cert });
    try {
      const failure = await c.GET('/hb/webhook/logs', { params: { query: { webhookId: 'w' } } }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(TransportError);
      expect((failure as InstanceType<typeof TransportError>).kind).toBe('tls-handshake');
    } finally {
      await c.close();
    }
  }

  test('no client certificate', () => expectTlsFailure(null));

  test('a certificate from an unknown CA', () => {
    const stranger = makeCa('Some other CA');
    return expectTlsFailure(makeClientCert(stranger, 'stranger'));
  });

  test('the gateway still serves after refused handshakes', async () => {
    const { response } = await session.client.GET('/hb/webhook/logs', {
      params: { query: { webhookId: 'w' } },
    });
    expect(response.status).toBe(200);
  });

  test('a resumed TLS session keeps the environment of its certificate', async () => {
    const production = await session.mock.token('production');
    const first = await getOverTls(session.mock, production);
    expect(first.status).toMatch(/^HTTP\/1\.1 200/);
    const second = await getOverTls(session.mock, production, first.session);
    expect(second.resumed).toBe(true);
    expect(second.status).toMatch(/^HTTP\/1\.1 200/);
  });
}

/** One GET /hb/webhook/logs over a fresh TLS connection with the production certificate. */
function getOverTls(mock: TestMock, token: string, session?: Buffer) {
  const { cert, key } = mock.mock.pki.clients.production;
  const { port } = new URL(mock.url);
  return new Promise<{ status: string; resumed: boolean; session: Buffer | undefined }>((resolve, reject) => {
    let ticket: Buffer | undefined;
    let resumed = false;
    let answer = '';
    const socket = tlsConnect({
      host: '127.0.0.1',
      port: Number(port),
      cert,
      key,
      ca: mock.mock.pki.serverCa,
      servername: 'localhost',
      session,
    });
    socket.on('session', (s: Buffer) => {
      ticket = s;
    });
    socket.once('secureConnect', () => {
      resumed = socket.isSessionReused();
      socket.write(
        `GET /hb/webhook/logs?webhookId=w HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve({ status: answer.split('\r\n')[0] ?? '', resumed, session: ticket }));
  });
}
