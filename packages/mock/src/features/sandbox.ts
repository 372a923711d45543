// The stateful sandbox on the request path (opt-in, per session; its stores: session/sandbox.ts). Idempotent
// replay comes first, before anything else may answer (a stubbed first answer is replayed like any other);
// the webhook logs answer only valid requests no stub of the session answered: a test's stub wins. The
// contract does not show what a repeated idempotency identifier with another body gets; this mock answers
// 409 IDEMPOTENCY_CONFLICT (its own choice, documented in docs/mock.md). An identifier is remembered per
// environment, account and client, only for a request received whole and answered whole with a success;
// bodies are compared byte for byte.
import { createHash, randomUUID } from 'node:crypto';
import { jsonContent, type Operation, responseFor } from '@banking-api/contract';
import { replayHeader } from '../api/names.ts';
import type { WebhookAttempt } from '../api/webhook-log.ts';
import { type Answer, jsonAnswer } from '../http/answer.ts';
import { envelope } from '../http/envelope.ts';
import type { Sandbox } from '../session/sandbox.ts';
import type { Exchange, Feature, Outcome } from './feature.ts';

type Rule = (sandbox: Sandbox, exchange: Exchange, op: Operation) => Promise<Outcome | undefined>;

/** The sandbox as two features, placed apart in the chain (features/chain.ts). */
export function sandboxFeatures(): { replay: Feature; webhookLogs: Feature } {
  return {
    replay: { admitted: (exchange) => run(exchange, (op) => (op.idempotency ? idempotent : undefined)) },
    webhookLogs: { valid: (exchange) => run(exchange, (op) => webhookRules[op.operationId]) },
  };
}

/** The rule of the request's operation, when its session has a sandbox and its certificate an environment. */
async function run(
  exchange: Exchange,
  ruleOf: (op: Operation) => Rule | undefined,
): Promise<Outcome | undefined> {
  const op = exchange.request.match?.operation;
  const sandbox = exchange.session?.sandbox;
  const rule = op && sandbox && exchange.caller.env ? ruleOf(op) : undefined;
  const outcome = rule && sandbox && op ? await rule(sandbox, exchange, op) : undefined;
  return outcome?.answer ? { ...outcome, answeredBy: 'state' } : outcome;
}

/** Same identifier and body: the first answer again. Another body: 409. New: answered, then remembered. */
const idempotent: Rule = async (sandbox, exchange, op) => {
  const { request, caller } = exchange;
  const parameter = op.idempotency?.parameter ?? '';
  const id = request.match?.params[parameter] ?? '';
  const key = JSON.stringify([
    caller.env,
    caller.certificate,
    caller.subject,
    accountOf(exchange),
    op.operationId,
    id,
  ]);
  const read = await exchange.body();
  if (!read.ok) return undefined; // cut short, too slow or too large: the gateway refuses it, nothing is kept
  const bodyHash = createHash('sha256').update(read.body).digest('hex');
  const seen = sandbox.remembered(key);
  const path = request.target.path;
  if (seen && seen.bodyHash !== bodyHash) return { answer: conflict(path, parameter, id) };
  if (seen?.answer) return { answer: replay(seen.answer) };
  if (seen) return { answer: conflict(path, parameter, id, 'is still being answered') };
  sandbox.remember(key, { bodyHash });
  return {
    afterwards(served) {
      // Only a success sent whole is kept: a refused, failed or cut-off attempt may be made again.
      const { status, answer } = served;
      if (status >= 200 && status < 300 && answer) sandbox.remember(key, { bodyHash, answer });
      else sandbox.forget(key);
    },
  };
};

/**
 * The account an idempotency key belongs to: the `x-account-id` of an operation that takes one. With the
 * environment and the client (certificate and token subject), it keeps one account's identifiers from
 * another's: never replayed to it, never refused with a 409 that would tell it the identifier is in use.
 */
function accountOf({ request }: Exchange): string {
  const account = request.match?.operation.accountHeader ? request.headers['x-account-id'] : undefined;
  return typeof account === 'string' ? account : '';
}

// Headers of the first answer's own exchange: the replay gets its own.
const notReplayed = new Set(['content-length', 'date', 'x-request-id', 'connection']);

function replay(answer: Answer): Answer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) {
    if (!notReplayed.has(name.toLowerCase())) headers[name] = String(value);
  }
  headers[replayHeader] = 'true';
  return { status: answer.status, headers, body: answer.body };
}

function conflict(
  path: string,
  parameter: string,
  id: string,
  why = 'was already used with another body',
): Answer {
  const message = `The idempotency identifier ${parameter}=${id} ${why}.`;
  return jsonAnswer(409, envelope(409, 'IDEMPOTENCY_CONFLICT', message, path));
}

/** What each webhook operation does to the logs (keyed by operationId, as the contract names them). */
const webhookRules: Record<string, Rule> = {
  // A test delivery that Prism accepted (valid request) shows up in the webhook's logs.
  async tryWebhook(sandbox, exchange) {
    const webhookId = queryParam(exchange, 'webhookId');
    const body = await bodyOf(exchange);
    const payload = parseJson(body);
    if (!webhookId) return undefined; // Prism answers the missing parameter
    return {
      afterwards(served) {
        const env = served.caller.env;
        if (served.status >= 300 || !env) return;
        const at = new Date().toISOString();
        const attempt: WebhookAttempt = { kind: 'test', at, status: 'DELIVERED' };
        const log = {
          id: randomUUID(),
          webhookId,
          event: 'test' as const,
          payload,
          createdAt: at,
          attempts: [attempt],
        };
        sandbox.addWebhookLog(env, log, body.length);
      },
    };
  },
  // A retry of a logged delivery adds an attempt to it; an unknown log is a 404 (the mock's choice).
  async retryWebhook(sandbox, exchange) {
    const body = parseJson(await bodyOf(exchange)) as { webhookLogId?: unknown } | undefined;
    const logId = typeof body?.webhookLogId === 'string' ? body.webhookLogId : undefined;
    const env = exchange.caller.env;
    if (!logId || !env || !hasAccountHeader(exchange)) return undefined; // Prism answers the invalid request
    const log = sandbox.findWebhookLog(env, logId);
    const path = exchange.request.target.path;
    if (!log)
      return { answer: jsonAnswer(404, envelope(404, 'NOT_FOUND', `No webhook log ${logId}.`, path)) };
    sandbox.addAttempt(log, { kind: 'retry', at: new Date().toISOString(), status: 'DELIVERED' });
    return { answer: jsonAnswer(200, { retry: { id: logId, status: 'QUEUED' } }) };
  },
  // The logs of one webhook, as recorded above, in the operation's success envelope.
  async listWebhookLogs(sandbox, exchange, op) {
    const webhookId = queryParam(exchange, 'webhookId');
    const env = exchange.caller.env;
    if (!webhookId || !env || !hasAccountHeader(exchange)) return undefined; // Prism answers the invalid request
    return { answer: jsonAnswer(200, { ...successExample(op), data: sandbox.webhookLogs(env, webhookId) }) };
  },
};

/** The contract's example of the operation's 200 answer: the success envelope the logs go in as `data`. */
function successExample(op: Operation): Record<string, unknown> {
  const example = jsonContent(responseFor(op, 200)?.content ?? [])?.examples[0]?.value;
  return example && typeof example === 'object' ? (example as Record<string, unknown>) : {};
}

/** The operation's x-account-id header, when it asks for one, is there (else Prism says what is missing). */
function hasAccountHeader({ request }: Exchange): boolean {
  return !request.match?.operation.accountHeader || typeof request.headers['x-account-id'] === 'string';
}

function queryParam({ request }: Exchange, name: string): string | undefined {
  return new URLSearchParams(request.target.query).get(name) || undefined;
}

/** The body's bytes; a body the limits refuse reads as empty (the gateway answers the refusal). */
async function bodyOf(exchange: Exchange): Promise<Buffer> {
  const read = await exchange.body();
  return read.ok ? read.body : Buffer.alloc(0);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
