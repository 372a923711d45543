// One call of the admin route, as the admin client makes it: the admin token and the session header sent,
// the answer read within a deadline and a size, and whatever goes wrong turned into a typed error that says
// what happened (the route's refusal keeps its status; a transport failure or an answer that is not the
// route's is status 0), never undici's or JSON's own.
import { withoutTrailingSlashes } from '@banking-api/contract';
import { type Agent, request } from 'undici';
import { MockAdminError, StubRefusedError } from '../api/errors.ts';
import { adminPrefix, sessionHeader } from '../api/names.ts';
import type { MockConnection } from '../api/session.ts';
import type { Place, Wire } from './table.ts';

export type Connection = Pick<MockConnection, 'url' | 'ca' | 'cert' | 'key' | 'adminToken'>;
/** Sends one route of the table (its segment, query and body), in a session when given; the answer's JSON. */
export type Call = (place: Place, wire?: Partial<Wire>, session?: string) => Promise<unknown>;

/** A route's path under the admin prefix, with its segment and query. */
function pathOf(place: Place, { segment = '', query = '' }: Partial<Wire>): string {
  const tail = segment ? `/${encodeURIComponent(segment)}` : '';
  return `${place.resource}${tail}${query ? `?${query}` : ''}`;
}

/** An answer larger than this is not the admin route's. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The connection, each field present, or a TypeError naming those missing (mock.connection() makes one). */
export function checkedConnection(connection: Connection): Connection {
  const fields = ['url', 'ca', 'cert', 'key', 'adminToken'] as const;
  const missing = fields.filter((f) => typeof connection?.[f] !== 'string' || connection[f] === '');
  if (missing.length)
    throw new TypeError(
      `the mock connection lacks ${missing.join(', ')}: give what mock.connection() returns`,
    );
  return connection;
}

export function adminCall(
  connection: Pick<Connection, 'url' | 'adminToken'>,
  agent: Agent,
  timeoutMs: number,
): Call {
  const base = `${withoutTrailingSlashes(connection.url)}${adminPrefix}`;
  return async (place, wire = {}, session) => {
    const { method } = place;
    const { body } = wire;
    const path = pathOf(place, wire);
    const what = `${method} ${adminPrefix}${path.split('?')[0]}`;
    const { status, text } = await send(
      `${base}${path}`,
      method,
      { session, body, agent, timeoutMs, token: connection.adminToken },
      what,
    );
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new MockAdminError(
        0,
        `${what} answered ${status} with something that is not JSON: is ${connection.url} the mock?`,
      );
    }
    if (status < 300) return json;
    throw refusal(status, json, what);
  };
}

interface SendOptions {
  session: string | undefined;
  body: unknown;
  agent: Agent;
  timeoutMs: number;
  token: string;
}

/** The answer's status and text, read up to MAX_ANSWER_BYTES; a failure of any kind a MockAdminError. */
async function send(
  url: string,
  method: string,
  options: SendOptions,
  what: string,
): Promise<{ status: number; text: string }> {
  try {
    const answer = await request(url, {
      dispatcher: options.agent,
      method: method as 'GET',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(options.session ? { [sessionHeader]: options.session } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) {
        answer.body.destroy();
        throw new MockAdminError(
          0,
          `${what} answered more than ${MAX_ANSWER_BYTES} bytes: is this the mock?`,
        );
      }
      chunks.push(chunk as Buffer);
    }
    return { status: answer.statusCode, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    if (error instanceof MockAdminError) throw error;
    const cause =
      (error as Error)?.name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs} ms`
        : (error as Error)?.message;
    throw new MockAdminError(0, `${what} failed: ${cause}`);
  }
}

type Envelope = {
  code?: string;
  message?: string;
  details?: { field?: string; code?: string; message?: string }[];
};

function refusal(status: number, json: unknown, what: string): Error {
  const envelope = (json && typeof json === 'object' ? json : {}) as Envelope;
  const details = Array.isArray(envelope.details) ? envelope.details : [];
  if (status === 400 && details.some((d) => d.code === 'stub_refused'))
    return new StubRefusedError(details.map((d) => ({ at: d.field ?? '', message: d.message ?? '' })));
  const said = [envelope.message, ...details.map((d) => d.message)].filter(
    (m, i, all) => m && all.indexOf(m) === i,
  );
  const code = envelope.code ? ` ${envelope.code}` : '';
  return new MockAdminError(status, `${what} answered ${status}${code}: ${said.join(' ') || 'no message'}`);
}
