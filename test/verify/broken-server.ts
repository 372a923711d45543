// A deliberately broken server for the verifier's tests: an HTTPS (mTLS) proxy in front of the mock that
// forwards each request with undici and alters one thing on the way in or out.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type ContractModel, createRouter, type Operation } from '@banking-api/contract';
import type { Mock } from '@banking-api/mock';
import { Agent, type Dispatcher, request } from 'undici';

export interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One deviation: it may rewrite the request's headers, the answer, or both. */
export interface Deviation {
  /** Let clients in without a certificate. */
  clientCertificateOptional?: boolean;
  /** Send bodies chunked (no content-length), in two pieces. */
  chunked?: boolean;
  /** Ask for a client certificate but take one from any CA (none at all is still refused). */
  anyClientCertificate?: boolean;
  /** Give no answer to this request: `hang` keeps it open until the server stops, `drop` closes the socket. */
  noAnswer?(op: Operation | undefined, method: string, path: string): 'hang' | 'drop' | undefined;
  /** Sees every request that reaches the server (method and URL with its query). */
  seen?(method: string, url: string): void;
  request?(headers: Record<string, string>, op: Operation | undefined, path?: string): void;
  /** Rewrites the request's body on its way in (its headers too: they are the ones forwarded). */
  requestBody?(body: Buffer, headers: Record<string, string>, op: Operation | undefined): Buffer;
  response?(answer: Exchange, op: Operation | undefined, path?: string): void;
}

export interface BrokenServer {
  url: string;
  close(): Promise<void>;
}

export async function startBrokenServer(
  mock: Mock,
  model: ContractModel,
  deviation: Deviation,
): Promise<BrokenServer> {
  const { pki } = mock;
  const upstream = new Agent({ connect: { ca: pki.serverCa, ...pki.clients.sandbox } });
  const route = createRouter(model);
  const server = createServer({
    key: pki.server.key,
    cert: pki.server.cert,
    ca: Object.values(pki.cas),
    requestCert: !deviation.clientCertificateOptional,
    rejectUnauthorized: !deviation.clientCertificateOptional && !deviation.anyClientCertificate,
  });
  server.on('request', async (req, res) => {
    const socket = req.socket as import('node:tls').TLSSocket;
    if (deviation.anyClientCertificate && !socket.getPeerCertificate()?.raw) {
      socket.destroy(); // no certificate at all: still refused
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const found = route(req.method ?? 'GET', path);
    const op = found.kind === 'match' ? found.match.operation : undefined;
    deviation.seen?.(req.method ?? 'GET', req.url ?? '/');
    const silence = deviation.noAnswer?.(op, req.method ?? 'GET', req.url ?? '/');
    if (silence === 'drop') return socket.destroy();
    if (silence === 'hang') return; // closeAllConnections at stop ends it
    const headers = forwardable(req.headers);
    deviation.request?.(headers, op, req.url ?? '/');
    const rewrite = deviation.requestBody;
    const body = rewrite && chunks.length ? [rewrite(Buffer.concat(chunks), headers, op)] : chunks;
    const answer = await forward(upstream, `${mock.url}${req.url}`, req.method ?? 'GET', headers, body);
    deviation.response?.(answer, op, req.url ?? '/');
    if (deviation.chunked) {
      res.writeHead(answer.status, answer.headers);
      const half = Math.floor(answer.body.length / 2);
      res.write(answer.body.subarray(0, half));
      setImmediate(() => res.end(answer.body.subarray(half)));
      return;
    }
    answer.headers['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => stop(server, upstream),
  };
}

async function forward(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<Exchange> {
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  const res = await request(url, {
    dispatcher: agent,
    method: method as Dispatcher.HttpMethod,
    headers,
    body,
  });
  const answer = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: forwardable(res.headers), body: answer };
}

const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

function forwardable(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !hopByHop.has(name))
      out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

async function stop(server: Server, agent: Agent): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await agent.close();
}

/** The answer's body as JSON, changed by `edit`, written back. Non-JSON bodies are left alone. */
export function editJson(answer: Exchange, edit: (body: Record<string, unknown>) => void): void {
  try {
    const body = JSON.parse(answer.body.toString('utf8'));
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    edit(body);
    answer.body = Buffer.from(JSON.stringify(body));
  } catch {
    // not JSON: nothing to edit
  }
}
