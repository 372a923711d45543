// The stateful sandbox (opt-in): idempotent replay and webhook logs, kept in memory per environment
// until `reset()`, each store bounded in entries and bytes (the oldest make room). The contract does not
// show what a repeated idempotency identifier with another body gets; this mock answers 409
// IDEMPOTENCY_CONFLICT (its own choice, documented in docs/mock.md). An identifier is remembered only for
// a request received whole and answered with a success; bodies are compared byte for byte.
import { createHash, randomUUID } from 'node:crypto';
import { jsonContent, type Operation, responseFor } from '@banking-api/contract';
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

export interface StateLimits {
  /** Idempotency identifiers remembered (with their answers); default 10 000. */
  maxRemembered: number;
  /** Webhook logs kept, over all webhooks; default 1 000. */
  maxWebhookLogs: number;
  /** Bytes each of the two stores holds (answers, payloads); default 32 MiB. */
  maxBytes: number;
  /** Delivery attempts kept per webhook log (the first and the latest); default 100. */
  maxAttempts: number;
}

export const defaultStateLimits: StateLimits = {
  maxRemembered: 10_000,
  maxWebhookLogs: 1_000,
  maxBytes: 32 * 1024 * 1024,
  maxAttempts: 100,
};

/** A map that forgets its oldest entries beyond a count and a byte budget. */
class BoundedMap<V> {
  readonly #items = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    readonly onEvict: (key: string, value: V) => void = () => {},
  ) {}
  get(key: string): V | undefined {
    return this.#items.get(key)?.value;
  }
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.#items.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, item] of this.#items) {
      if (this.#items.size <= this.maxEntries && (this.#bytes <= this.maxBytes || this.#items.size === 1))
        break;
      this.delete(oldest);
      this.onEvict(oldest, item.value);
    }
  }
  delete(key: string): void {
    const item = this.#items.get(key);
    if (!item) return;
    this.#items.delete(key);
    this.#bytes -= item.bytes;
  }
  clear(): void {
    this.#items.clear();
    this.#bytes = 0;
  }
  usage(): { entries: number; bytes: number } {
    return { entries: this.#items.size, bytes: this.#bytes };
  }
}

/** Header on a replayed answer (the mock's choice). */
export const replayHeader = 'x-mock-idempotent-replay';

export class Sandbox {
  readonly limits: StateLimits;
  readonly #idempotent: BoundedMap<Remembered>;
  /** Every log by its id; `#byWebhook` lists the ids of each webhook, oldest first. */
  readonly #logs: BoundedMap<{ env: string; log: WebhookLog }>;
  readonly #byWebhook = new Map<string, string[]>();

  constructor(limits: Partial<StateLimits> = {}) {
    this.limits = { ...defaultStateLimits, ...limits };
    this.#idempotent = new BoundedMap(this.limits.maxRemembered, this.limits.maxBytes);
    this.#logs = new BoundedMap(this.limits.maxWebhookLogs, this.limits.maxBytes, (id, { env, log }) =>
      this.#unlist(`${env}|${log.webhookId}`, id),
    );
  }

  /** Forgets every remembered answer and webhook log. */
  reset(): void {
    this.#idempotent.clear();
    this.#logs.clear();
    this.#byWebhook.clear();
  }

  /** What each store holds now. */
  usage(): {
    remembered: { entries: number; bytes: number };
    webhookLogs: { entries: number; bytes: number };
  } {
    return { remembered: this.#idempotent.usage(), webhookLogs: this.#logs.usage() };
  }

  webhookLogs(env: string, webhookId: string): WebhookLog[] {
    const ids = this.#byWebhook.get(`${env}|${webhookId}`) ?? [];
    return ids.flatMap((id) => this.#logs.get(id)?.log ?? []);
  }

  /** Adds a log; `bytes` is its payload's size (the store's budget counts it). */
  addWebhookLog(env: string, log: WebhookLog, bytes: number): void {
    const key = `${env}|${log.webhookId}`;
    this.#byWebhook.set(key, [...(this.#byWebhook.get(key) ?? []), log.id]);
    this.#logs.set(log.id, { env, log }, bytes + 256);
  }

  findWebhookLog(env: string, id: string): WebhookLog | undefined {
    const found = this.#logs.get(id);
    return found?.env === env ? found.log : undefined;
  }

  /** Adds a delivery attempt, keeping the first and the latest ones within the limit. */
  addAttempt(log: WebhookLog, attempt: WebhookAttempt): void {
    if (log.attempts.length >= this.limits.maxAttempts) log.attempts.splice(1, 1);
    log.attempts.push(attempt);
  }

  remembered(key: string): Remembered | undefined {
    return this.#idempotent.get(key);
  }

  remember(key: string, value: Remembered): void {
    const bytes =
      key.length + 64 + (value.answer?.body.length ?? 0) + JSON.stringify(value.answer?.headers ?? {}).length;
    this.#idempotent.set(key, value, bytes);
  }

  forget(key: string): void {
    this.#idempotent.delete(key);
  }

  #unlist(key: string, id: string): void {
    const ids = (this.#byWebhook.get(key) ?? []).filter((other) => other !== id);
    if (ids.length) this.#byWebhook.set(key, ids);
    else this.#byWebhook.delete(key);
  }
}

/**
 * The session's stateful sandbox, if it has one, as two hooks. Idempotent replay comes first, before
 * anything else may answer (a stubbed first answer is replayed like any other). The webhook logs answer only
 * valid requests no stub of the session answered: a test's stub wins over the sandbox.
 */
export function sandboxHooks(): { replay: GatewayHooks; webhookLogs: GatewayHooks } {
  return {
    replay: ruleHooks('onRequest', (op) => (op.idempotency ? idempotent : undefined)),
    webhookLogs: ruleHooks('onValidRequest', (op) => webhookRules[op.operationId]),
  };
}

/** A hook running the sandbox rule of each request's operation at `point`, and its after-answer step. */
function ruleHooks(
  point: 'onRequest' | 'onValidRequest',
  ruleOf: (op: Operation) => WebhookRule | undefined,
): GatewayHooks {
  const afterAnswer: AfterAnswer = new WeakMap();
  const run = async (ctx: RequestContext) => {
    const op = ctx.match?.operation;
    const sandbox = ctx.session?.sandbox;
    const rule = op && sandbox && ctx.env ? ruleOf(op) : undefined;
    const answer = await rule?.(sandbox as Sandbox, ctx, afterAnswer);
    if (answer) ctx.answeredBy = 'state';
    return answer;
  };
  return {
    [point]: run,
    onResponse(ctx: RequestContext, status: number) {
      afterAnswer.get(ctx)?.(ctx, status);
    },
  };
}

type AfterAnswer = WeakMap<RequestContext, (ctx: RequestContext, status: number) => void>;

/** Same identifier and body: the first answer again. Another body: 409. New: answered, then remembered. */
async function idempotent(
  sandbox: Sandbox,
  ctx: RequestContext,
  afterAnswer: AfterAnswer,
): Promise<HookAnswer | undefined> {
  const op = ctx.match?.operation as Operation;
  const parameter = op.idempotency?.parameter ?? '';
  const id = ctx.match?.params[parameter] ?? '';
  const key = `${ctx.env}|${op.operationId}|${id}`;
  const read = await ctx.readBody();
  if (!read.ok) return undefined; // cut short, too slow or too large: the gateway refuses it, nothing is kept
  const bodyHash = createHash('sha256').update(read.body).digest('hex');
  const seen = sandbox.remembered(key);
  if (seen && seen.bodyHash !== bodyHash) return conflict(ctx.path, parameter, id);
  if (seen?.answer) return replay(seen.answer);
  if (seen) return conflict(ctx.path, parameter, id, 'is still being answered');
  sandbox.remember(key, { bodyHash });
  const answer = tapResponse(ctx.res, { withSuccessBody: true });
  afterAnswer.set(ctx, (done, status) => {
    // Only a success sent whole is kept: a refused, failed or cut-off attempt may be made again.
    if (status >= 200 && status < 300 && !done.dropped && done.res.writableFinished)
      sandbox.remember(key, { bodyHash, answer });
    else sandbox.forget(key);
  });
  return undefined;
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
    const body = await bodyOf(ctx);
    const payload = parseJson(body);
    if (!webhookId) return undefined; // Prism answers the missing parameter
    afterAnswer.set(ctx, (done, status) => {
      if (status >= 300 || !done.env) return;
      const at = new Date().toISOString();
      const attempt: WebhookAttempt = { kind: 'test', at, status: 'DELIVERED' };
      sandbox.addWebhookLog(
        done.env,
        {
          id: randomUUID(),
          webhookId,
          event: 'test',
          payload,
          createdAt: at,
          attempts: [attempt],
        },
        body.length,
      );
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
    sandbox.addAttempt(log, { kind: 'retry', at: new Date().toISOString(), status: 'DELIVERED' });
    return jsonAnswer(200, { retry: { id: logId, status: 'QUEUED' } });
  },
  // The logs of one webhook, as recorded above, in the operation's success envelope.
  async listWebhookLogs(sandbox, ctx) {
    const webhookId = queryParam(ctx, 'webhookId');
    if (!webhookId || !ctx.env || !hasAccountHeader(ctx)) return undefined; // Prism answers the invalid request
    return jsonAnswer(200, { ...successExample(ctx), data: sandbox.webhookLogs(ctx.env, webhookId) });
  },
};

/** The contract's example of the operation's 200 answer: the success envelope the logs go in as `data`. */
function successExample(ctx: RequestContext): Record<string, unknown> {
  const op = ctx.match?.operation;
  const example = op && jsonContent(responseFor(op, 200)?.content ?? [])?.examples[0]?.value;
  return example && typeof example === 'object' ? (example as Record<string, unknown>) : {};
}

/** The operation's x-account-id header, when it asks for one, is there (else Prism says what is missing). */
function hasAccountHeader(ctx: RequestContext): boolean {
  return !ctx.match?.operation.accountHeader || typeof ctx.req.headers['x-account-id'] === 'string';
}

function queryParam(ctx: RequestContext, name: string): string | undefined {
  const value = new URLSearchParams(ctx.target.query).get(name);
  return value || undefined;
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
