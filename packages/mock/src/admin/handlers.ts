// The admin route's handlers, by method and first path segment after /__mock/. Each acts on the request's
// session; bodies are JSON within the gateway's JSON limits; every refusal is the contract's error envelope.
import { DEFAULT_SESSION, type SessionInfo, StubRefusedError } from './admin-api.ts';
import { readRefusal } from './body.ts';
import { envelope } from './envelope.ts';
import { checkedFault, type Fault } from './faults.ts';
import { emptyAnswer, type HookAnswer, jsonAnswer, type RequestContext } from './hooks.ts';
import { journalFilter } from './journal-filter.ts';
import { jsonLimitRefusal } from './json-limits.ts';
import { unknownOperation } from './known-keys.ts';
import type { Limits } from './limits.ts';
import { refusalAnswer } from './refusal.ts';
import type { Session } from './session.ts';
import { checkedSessionOptions, type Sessions, TooManySessionsError } from './sessions.ts';
import type { Stub } from './stubs.ts';

type JsonLimits = Pick<Limits, 'maxJsonDepth' | 'maxJsonBytes'>;

export interface AdminState {
  sessions: Sessions;
  /** The gateway's limits on a JSON body, which admin bodies keep too. */
  limits: JsonLimits;
  /** The usage document (usage.ts), for GET /__mock/usage. */
  usage: () => unknown;
}

export type AdminRoute = (ctx: RequestContext, rest: string) => Promise<HookAnswer>;

export function adminRoutes({ sessions, usage, limits }: AdminState): Record<string, AdminRoute> {
  const session = (ctx: RequestContext) => ctx.session ?? sessions.default;
  return {
    'GET health': async () => jsonAnswer(200, { status: 'ready' }),
    'GET usage': async () => jsonAnswer(200, usage()),
    'GET journal': async (ctx) => {
      const filter = journalFilter(ctx.target.query, session(ctx).operationIds);
      if (typeof filter === 'string') return badRequest(ctx, filter, 'query');
      return jsonAnswer(200, { entries: session(ctx).journal.entries(filter) });
    },
    'DELETE journal': async (ctx) => noContent(() => session(ctx).journal.clear()),
    'GET faults': async (ctx) => jsonAnswer(200, { faults: session(ctx).faults.list() }),
    'PUT faults': async (ctx, operationId) => setFault(session(ctx), ctx, operationId, limits),
    'DELETE faults': async (ctx, operationId) =>
      operationId && !session(ctx).faults.knows(operationId)
        ? badRequest(
            ctx,
            `${unknownOperation(operationId, session(ctx).operationIds)}: DELETE /__mock/faults/{operationId}, /__mock/faults/* or /__mock/faults.`,
          )
        : noContent(() => session(ctx).faults.clear(operationId || undefined)),
    'GET stubs': async (ctx) => jsonAnswer(200, { stubs: session(ctx).stubs.list() }),
    'POST stubs': async (ctx) => addStub(session(ctx), ctx, limits),
    'DELETE stubs': async (ctx, id) => {
      if (!id) return noContent(() => session(ctx).stubs.clear());
      return session(ctx).stubs.remove(id)
        ? emptyAnswer(204)
        : notFound(ctx, `No stub ${id} in this session.`);
    },
    'POST reset': async (ctx) => noContent(() => session(ctx).reset()),
    // Another session's id is the key to its journal: only the caller's own is shown, and a count.
    'GET sessions': async (ctx) => {
      const shown = [...new Set([sessions.default, session(ctx)])];
      return jsonAnswer(200, { sessions: shown.map(describe), open: sessions.openCount });
    },
    'POST sessions': async (ctx) => openSession(sessions, ctx, limits),
    'DELETE sessions': async (ctx, id) => {
      if (id === DEFAULT_SESSION) {
        const message = 'The default session stays open: POST /__mock/reset clears it.';
        return jsonAnswer(409, envelope(409, 'DEFAULT_SESSION_STAYS', message, ctx.path));
      }
      return sessions.close(id)
        ? emptyAnswer(204)
        : notFound(ctx, `No open session ${id || '(none given)'}.`);
    },
  };
}

/** A session as the admin route shows it. */
export function describe(session: Session): SessionInfo {
  const closes = Number.isFinite(session.idleTimeoutMs); // the default session never does
  return {
    id: session.id,
    stateful: session.sandbox !== undefined,
    idleTimeoutSeconds: closes ? Math.round(session.idleTimeoutMs / 1000) : null,
    expiresAt: closes ? new Date(session.expiresAt).toISOString() : null,
  };
}

async function openSession(sessions: Sessions, ctx: RequestContext, limits: JsonLimits): Promise<HookAnswer> {
  const body = await jsonBody(ctx, limits);
  if ('refusal' in body) return body.refusal;
  const options = checkedSessionOptions(body.value);
  if (typeof options === 'string') return badRequest(ctx, options);
  try {
    return jsonAnswer(201, { session: describe(sessions.open(options)) });
  } catch (error) {
    if (!(error instanceof TooManySessionsError)) throw error;
    const refusal = envelope(429, 'TOO_MANY_MOCK_SESSIONS', error.message, ctx.path);
    return jsonAnswer(429, refusal, { 'retry-after': '60' });
  }
}

/** PUT /__mock/faults/{operationId or *} with a Fault as the body. */
async function setFault(
  session: Session,
  ctx: RequestContext,
  operationId: string,
  limits: JsonLimits,
): Promise<HookAnswer> {
  if (!session.faults.knows(operationId))
    return badRequest(
      ctx,
      `${operationId ? unknownOperation(operationId, session.operationIds) : 'No operation named'}: PUT /__mock/faults/{operationId} or /__mock/faults/*.`,
    );
  const body = await jsonBody(ctx, limits);
  if ('refusal' in body) return body.refusal;
  try {
    const fault = checkedFault(body.value as Fault);
    session.faults.set(operationId, fault);
    return jsonAnswer(200, { operationId, fault });
  } catch (error) {
    return badRequest(ctx, (error as Error).message);
  }
}

/** POST /__mock/stubs: 201 with the stub kept, or 400 with every way the contract forbids it. */
async function addStub(session: Session, ctx: RequestContext, limits: JsonLimits): Promise<HookAnswer> {
  const body = await jsonBody(ctx, limits);
  if ('refusal' in body) return body.refusal;
  try {
    return jsonAnswer(201, { stub: session.stubs.add(body.value as Stub) });
  } catch (error) {
    if (!(error instanceof StubRefusedError)) throw error;
    const details = error.violations.map((v) => ({
      location: 'body',
      field: v.at,
      code: 'stub_refused',
      message: v.message,
    }));
    return jsonAnswer(
      400,
      envelope(400, 'VALIDATION_ERROR', 'The contract does not allow this stub.', ctx.path, details),
    );
  }
}

/** The request's JSON body within the gateway's JSON limits; no body reads as `undefined`. */
async function jsonBody(
  ctx: RequestContext,
  limits: JsonLimits,
): Promise<{ value: unknown } | { refusal: HookAnswer }> {
  const read = await ctx.readBody();
  if (!read.ok) return { refusal: refusalAnswer(ctx.req, readRefusal(read, ctx.path)) };
  const bytes = read.body;
  if (bytes.length === 0) return { value: undefined };
  const refusal = jsonLimitRefusal(bytes, limits, ctx.path);
  if (refusal) return { refusal: refusalAnswer(ctx.req, refusal) };
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { refusal: badRequest(ctx, 'The body is not valid JSON.') };
  }
}

function noContent(action: () => void): HookAnswer {
  action();
  return emptyAnswer(204);
}

function notFound(ctx: RequestContext, message: string): HookAnswer {
  return jsonAnswer(404, envelope(404, 'NOT_FOUND', message, ctx.path));
}

function badRequest(ctx: RequestContext, message: string, location = 'body'): HookAnswer {
  const detail = { location, code: 'invalid', message };
  return jsonAnswer(400, envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', ctx.path, [detail]));
}
