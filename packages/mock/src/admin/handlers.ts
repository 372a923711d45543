// How the admin route serves each route of the table. A session's call: its arguments read off the request
// (admin/table.ts), the call made on the request's session as in the mock's own process
// (admin/local-session.ts), its result or refusal written back. The mock's own routes (sessions, usage,
// health) by hand. Bodies are JSON within the gateway's JSON limits; every refusal is the error envelope.
import { StubRefusedError, TooManySessionsError } from '../api/errors.ts';
import type { Limits } from '../api/limits.ts';
import { DEFAULT_SESSION } from '../api/names.ts';
import type { UsageDocument } from '../api/usage.ts';
import type { Exchange } from '../features/feature.ts';
import { type Answer, emptyAnswer, jsonAnswer } from '../http/answer.ts';
import { readRefusal } from '../http/body.ts';
import { envelope } from '../http/envelope.ts';
import { jsonLimitRefusal } from '../http/json-limits.ts';
import { refusalAnswer } from '../http/refusal.ts';
import { checkedSessionOptions, type Sessions } from '../session/sessions.ts';
import { localSession } from './local-session.ts';
import { type mockRoutes, type Place, type SessionCall, sessionCalls } from './table.ts';
import { type Minting, mintToken } from './tokens.ts';

type JsonLimits = Pick<Limits, 'maxJsonDepth' | 'maxJsonBytes'>;

export interface AdminState {
  sessions: Sessions;
  /** The gateway's limits on a JSON body, which admin bodies keep too. */
  limits: JsonLimits;
  /** The usage document (session/usage.ts), for GET /__mock/usage. */
  usage: () => UsageDocument;
  /** The dev tokens' key and default scopes, for POST /__mock/tokens. */
  minting: Minting;
}

type Handler = (exchange: Exchange, segment: string) => Promise<Answer>;

/** The handler of a route of the table. */
export function handlerOf(place: Place, state: AdminState): Handler {
  const call = sessionCalls().find((c) => c.route === place);
  if (call) return sessionHandler(call, state);
  return mockHandlers(state)[place.operationIds[0] as keyof typeof mockRoutes];
}

/** A session's call, made on the request's session; TypeErrors and refused stubs answered as 400s. */
function sessionHandler({ route, at }: SessionCall, state: AdminState): Handler {
  return async (exchange, segment) => {
    const body = route.body ? await jsonBody(exchange, state.limits) : { value: undefined };
    if ('refusal' in body) return body.refusal;
    const session = exchange.session ?? state.sessions.default;
    const local = localSession(session, {
      close: () => {},
      isOpen: () => true,
      defaultCalls: () => 0,
      mint: (request) => mintToken(state.minting, request, exchange.caller.env ?? 'sandbox'),
    });
    const path = exchange.request.target.path;
    try {
      const args = route.read({ segment, query: exchange.request.target.query, body: body.value });
      const method = at.reduce<unknown>((on, name) => (on as Record<string, unknown>)[name], local);
      const result = await (method as (...a: unknown[]) => Promise<unknown>)(...args);
      if (result === false && route.missing) return notFound(path, route.missing(args));
      return route.ok === 204 ? emptyAnswer(204) : jsonAnswer(route.ok, route.answer(result, args));
    } catch (error) {
      return refusalOf(error, path, route.method === 'GET' ? 'query' : 'body');
    }
  };
}

/** A refusal of the session's call as the envelope; anything else is a fault of the mock's (a 500). */
function refusalOf(error: unknown, path: string, location: string): Answer {
  if (error instanceof StubRefusedError) {
    const details = error.violations.map((v) => ({
      location: 'body',
      field: v.at,
      code: 'stub_refused',
      message: v.message,
    }));
    const refusal = envelope(
      400,
      'VALIDATION_ERROR',
      'The contract does not allow this stub.',
      path,
      details,
    );
    return jsonAnswer(400, refusal);
  }
  if (error instanceof TypeError) return badRequest(path, error.message, location);
  throw error;
}

/** The mock's own routes, by the admin document's operationIds. */
function mockHandlers({ sessions, usage, limits }: AdminState): Record<keyof typeof mockRoutes, Handler> {
  return {
    readHealth: async () => jsonAnswer(200, { status: 'ready' }),
    readUsage: async () => jsonAnswer(200, usage()),
    // Another session's id is the key to its journal: only the caller's own is shown, and a count.
    listSessions: async (exchange) => {
      const shown = [...new Set([sessions.default, exchange.session ?? sessions.default])];
      return jsonAnswer(200, { sessions: shown.map((s) => s.info()), open: sessions.openCount });
    },
    openSession: (exchange) => openSession(sessions, exchange, limits),
    closeSession: async (exchange, id) => {
      const path = exchange.request.target.path;
      if (id === DEFAULT_SESSION) {
        const message = 'The default session stays open: POST /__mock/reset clears it.';
        return jsonAnswer(409, envelope(409, 'DEFAULT_SESSION_STAYS', message, path));
      }
      return sessions.close(id)
        ? emptyAnswer(204)
        : notFound(path, `No open session ${id || '(none given)'}.`);
    },
  };
}

async function openSession(sessions: Sessions, exchange: Exchange, limits: JsonLimits): Promise<Answer> {
  const body = await jsonBody(exchange, limits);
  if ('refusal' in body) return body.refusal;
  const path = exchange.request.target.path;
  const options = checkedSessionOptions(body.value);
  if (typeof options === 'string') return badRequest(path, options, 'body');
  try {
    return jsonAnswer(201, { session: sessions.open(options).info() });
  } catch (error) {
    if (!(error instanceof TooManySessionsError)) throw error;
    const refusal = envelope(429, 'TOO_MANY_MOCK_SESSIONS', error.message, path);
    return jsonAnswer(429, refusal, { 'retry-after': '60' });
  }
}

/** The request's JSON body within the gateway's JSON limits; no body reads as `undefined`. */
async function jsonBody(
  exchange: Exchange,
  limits: JsonLimits,
): Promise<{ value: unknown } | { refusal: Answer }> {
  const path = exchange.request.target.path;
  const read = await exchange.body();
  if (!read.ok) return { refusal: refusalAnswer(readRefusal(read, path)) };
  const bytes = read.body;
  if (bytes.length === 0) return { value: undefined };
  const refusal = jsonLimitRefusal(bytes, limits, path);
  if (refusal) return { refusal: refusalAnswer(refusal) };
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { refusal: badRequest(path, 'The body is not valid JSON.', 'body') };
  }
}

function notFound(path: string, message: string): Answer {
  return jsonAnswer(404, envelope(404, 'NOT_FOUND', message, path));
}

function badRequest(path: string, message: string, location: string): Answer {
  const detail = { location, code: 'invalid', message };
  return jsonAnswer(400, envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [detail]));
}
