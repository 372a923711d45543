// Clients of the mock for the tests: the published client over mTLS, raw undici for requests the typed
// client refuses to send (missing headers, no token, malformed bodies), and the endpoint for raw bytes
// over TLS (the conformance engine's sendOverTls).
import { createBankingClient } from '@banking-api/client';
import { isMultipart, type TlsEndpoint } from '@banking-api/conformance';
import type { Operation } from '@banking-api/contract';
import type { Environment } from '@banking-api/mock';
import { Agent, request } from 'undici';
import type { TestMock } from './mock-server.ts';

export { TransportError } from '@banking-api/client';
export const accountId = '7f3c2a9e-4b1d-4c8e-9a51-2e6d0b8f1c34';

export function bankingClient(
  mock: TestMock,
  token: string,
  options: { env?: Environment; cert?: { cert: string; key: string } | null } = {},
) {
  const env = options.env ?? 'sandbox';
  const cert = options.cert === undefined ? mock.mock.pki.clients[env] : options.cert;
  return createBankingClient({
    baseUrl: mock.url,
    environment: env,
    tls: cert ? { ...cert, ca: mock.mock.pki.serverCa } : undefined,
    token,
    accountId,
    retry: false,
  });
}

type Client = ReturnType<typeof bankingClient>;
// biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the model
export type CallResult = { response: Response; data?: any; error?: any };

/** Calls `op` with `init` through the client's generic method (a multipart body as a small CNAB form). */
export function callOperation(
  client: Client,
  op: Operation,
  init: Record<string, unknown>,
): Promise<CallResult> {
  const request = isMultipart(op) ? { ...init, body: {}, bodySerializer: () => cnabForm() } : init;
  // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the model
  return (client as any)[op.method](op.path, request);
}

/** A keep-alive mTLS dispatcher for raw requests. */
export function rawAgent(mock: TestMock, env: Environment = 'sandbox'): Agent {
  const { cert, key } = mock.mock.pki.clients[env];
  return new Agent({ connect: { cert, key, ca: mock.mock.pki.serverCa }, connections: 8 });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text: string;
}

export async function raw(
  agent: Agent,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  const res = await request(url, {
    dispatcher: agent,
    method: init.method as 'GET',
    headers: init.headers,
    body: init.body,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  });
  const text = await res.body.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.statusCode, headers: res.headers, body, text };
}

/** Where raw bytes go: the mock, with the environment's client certificate. */
export function tlsEndpoint(mock: TestMock, env: Environment = 'sandbox'): TlsEndpoint {
  const { cert, key } = mock.mock.pki.clients[env];
  return { url: mock.url, cert, key, ca: mock.mock.pki.serverCa };
}

/** A small CNAB upload as multipart form data (for calls made without the client's upload helper). */
export function cnabForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob(['header\r\ntrailer\r\n']), 'CB231101.REM');
  return form;
}
