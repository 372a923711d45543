// The stateful sandbox (opt-in): idempotent replay and webhook logs, kept in memory per environment
// until `reset()`. The contract does not show what a repeated idempotency identifier with another body
// gets; this mock answers 409 IDEMPOTENCY_CONFLICT (its own choice, documented in docs/mock.md).
import { createHash, randomUUID } from 'node:crypto';
import type { Operation } from '@banking-api/contract';
import { type CapturedAnswer, tapResponse } from './capture.ts';
import { envelope } from './envelope.ts';
import { bodyOf, type GatewayHooks, type HookAnswer, jsonAnswer, type RequestContext } from './hooks.ts';

/** A delivery attempt of a webhook (the contract leaves the log's shape open: this is the mock's). */
export interface WebhookAttempt {
  kind: 'test' | 'retry';
  at: string;
  status: 'DELIVERED';
}

export interface WebhookLog {
  id: string;
  webhookId: string;
  event: 'test';
  payload: unknown;
  createdAt: string;
  attempts: WebhookAttempt[];
}

interface Remembered {
  bodyHash: string;
  /** The first answer; absent while that request is still being answered. */
  answer?: CapturedAnswer;
}

/** Header on a replayed answer (the mock's choice). */
export const replayHeader = 'x-mock-idempotent-replay';

export class Sandbox {
  readonly #idempotent = new Map<string, Remembered>();
  readonly #webhooks = new Map<string, WebhookLog[]>();

  /** Forgets every remembered answer and webhook log. */
  reset(): void {
    this.#idempotent.clear();
    this.#webhooks.clear();
  }

  webhookLogs(env: string, webhookId: string): WebhookLog[] {
    return this.#webhooks.get(`${env}|${webhookId}`) ?? [];
  }

  addWebhookLog(env: string, log: WebhookLog): void {
    const key = `${env}|${log.webhookId}`;
    this.#webhooks.set(key, [...this.webhookLogs(env, log.webhookId), log]);
  }

  findWebhookLog(env: string, id: string): WebhookLog | undefined {
    for (const [key, logs] of this.#webhooks) {
      if (key.startsWith(`${env}|`)) {
        const log = logs.find((l) => l.id === id);
        if (log) return log;
      }
    }
    return undefined;
  }

  remembered(key: string): Remembered | undefined {
    return this.#idempotent.get(key);
  }

  remember(key: string, value: Remembered): void {
    this.#idempotent.set(key, value);
  }

  forget(key: string): void {
    this.#idempotent.delete(key);
  }
}

/** The hook of the stateful sandbox: idempotent operations first, then the webhook rules. */
export function sandboxHooks(sandbox: Sandbox): GatewayHooks {
  const afterAnswer = new WeakMap<RequestContext, (ctx: RequestContext, status: number) => void>();
  return {
    async onRequest(ctx) {
      const op = ctx.match?.operation;
      if (!op || !ctx.env) return undefined;
      if (op.idempotency) return idempotent(sandbox, ctx, op, afterAnswer);
      const rule = webhookRules[op.operationId];
      return rule?.(sandbox, ctx, afterAnswer);
    },
    onResponse(ctx, status) {
      afterAnswer.get(ctx)?.(ctx, status);
    },
  };
}

type AfterAnswer = WeakMap<RequestContext, (ctx: RequestContext, status: number) => void>;

/** Same identifier and body: the first answer again. Another body: 409. New: answered, then remembered. */
async function idempotent(
  sandbox: Sandbox,
  ctx: RequestContext,
  op: Operation,
  afterAnswer: AfterAnswer,
): Promise<HookAnswer | undefined> {
  const parameter = op.idempotency?.parameter ?? '';
  const id = ctx.match?.params[parameter] ?? '';
  const key = `${ctx.env}|${op.operationId}|${id}`;
  const bodyHash = hashOf(await bodyOf(ctx));
  const seen = sandbox.remembered(key);
  if (seen && seen.bodyHash !== bodyHash) return conflict(ctx.path, parameter, id);
  if (seen?.answer) return replay(seen.answer);
  if (seen) return conflict(ctx.path, parameter, id, 'is still being answered');
  sandbox.remember(key, { bodyHash });
  const answer = tapResponse(ctx.res, { withSuccessBody: true });
  afterAnswer.set(ctx, (_ctx, status) => {
    // Only a success is kept: a refused or failed attempt may be made again with the same identifier.
    if (status >= 200 && status < 300 && !_ctx.dropped) sandbox.remember(key, { bodyHash, answer });
    else sandbox.forget(key);
  });
  return undefined;
}

/** The body's hash; JSON is compared by content, so key order and spacing do not matter. */
function hashOf(body: Buffer): string {
  let canonical = body.toString('utf8');
  try {
    canonical = JSON.stringify(sorted(JSON.parse(canonical)));
  } catch {
    // not JSON: compared byte for byte
  }
  return createHash('sha256').update(canonical).digest('hex');
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  return value;
}

// Headers of the first answer's own exchange: the replay gets its own.
const notReplayed = new Set(['content-length', 'date', 'x-request-id', 'connection']);

function replay(answer: CapturedAnswer): HookAnswer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!notReplayed.has(name)) headers[name] = String(value);
  }
  headers[replayHeader] = 'true';
  return { status: answer.status, headers, body: answer.body };
}

function conflict(
  path: string,
  parameter: string,
  id: string,
  why = 'was already used with another body',
): HookAnswer {
  const message = `The idempotency identifier ${parameter}=${id} ${why}.`;
  return jsonAnswer(409, envelope(409, 'IDEMPOTENCY_CONFLICT', message, path));
}

type WebhookRule = (
  sandbox: Sandbox,
  ctx: RequestContext,
  afterAnswer: AfterAnswer,
) => Promise<HookAnswer | undefined>;

/** What each webhook operation does to the logs (keyed by operationId, as the contract names them). */
const webhookRules: Record<string, WebhookRule> = {
  // A test delivery that Prism accepted (valid request) shows up in the webhook's logs.
  async tryWebhook(sandbox, ctx, afterAnswer) {
    const webhookId = queryParam(ctx, 'webhookId');
    const payload = parseJson(await bodyOf(ctx));
    if (!webhookId) return undefined; // Prism answers the missing parameter
    afterAnswer.set(ctx, (done, status) => {
      if (status >= 300 || !done.env) return;
      const at = new Date().toISOString();
      const attempt: WebhookAttempt = { kind: 'test', at, status: 'DELIVERED' };
      sandbox.addWebhookLog(done.env, {
        id: randomUUID(),
        webhookId,
        event: 'test',
        payload,
        createdAt: at,
        attempts: [attempt],
      });
    });
    return undefined;
  },
  // A retry of a logged delivery adds an attempt to it; an unknown log is a 404 (the mock's choice).
  async retryWebhook(sandbox, ctx) {
    const body = parseJson(await bodyOf(ctx)) as { webhookLogId?: unknown } | undefined;
    const logId = typeof body?.webhookLogId === 'string' ? body.webhookLogId : undefined;
    if (!logId || !ctx.env || !hasAccountHeader(ctx)) return undefined; // Prism answers the invalid request
    const log = sandbox.findWebhookLog(ctx.env, logId);
    if (!log) return jsonAnswer(404, envelope(404, 'NOT_FOUND', `No webhook log ${logId}.`, ctx.path));
    log.attempts.push({ kind: 'retry', at: new Date().toISOString(), status: 'DELIVERED' });
    return jsonAnswer(200, { retry: { id: logId, status: 'QUEUED' } });
  },
  // The logs of one webhook, as recorded above, in the operation's success envelope.
  async listWebhookLogs(sandbox, ctx) {
    const webhookId = queryParam(ctx, 'webhookId');
    if (!webhookId || !ctx.env || !hasAccountHeader(ctx)) return undefined; // Prism answers the invalid request
    const data = sandbox.webhookLogs(ctx.env, webhookId);
    return jsonAnswer(200, { status_code: 200, success: true, message: 'OK', data });
  },
};

/** The operation's x-account-id header, when it asks for one, is there (else Prism says what is missing). */
function hasAccountHeader(ctx: RequestContext): boolean {
  return !ctx.match?.operation.accountHeader || typeof ctx.req.headers['x-account-id'] === 'string';
}

function queryParam(ctx: RequestContext, name: string): string | undefined {
  const value = new URL(ctx.req.url ?? '/', 'https://mock.invalid').searchParams.get(name);
  return value || undefined;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
