// The webhook operations in a stateful session (the contract's section 6): `try` logs and delivers its
// free-form body to the webhook's registered URL; `retry` delivers a logged delivery again; `resend` delivers
// a notification again, as a new log; `GET /hb/webhook/logs` lists the logs with every attempt's outcome;
// `GET /ar/notifications/webhook/{type}` answers the URL registered for that type. A stub of the session
// answers first (the chain's order). What the contract leaves open is the mock's documented choice
// (docs/mock.md, "Webhook deliveries"): the logs' shape, the `data` of `try` ({ webhookLogId,
// notificationId }), the 404 of an unknown log or type, and the registry itself. Without a registered
// webhook, `GET /ar/notifications/webhook/{type}` and an unknown `resend` answer the contract's example.
import { randomUUID } from 'node:crypto';
import { jsonContent, type Operation, responseFor } from '@banking-api/contract';
import type { WebhookLog } from '../api/webhook-log.ts';
import type { Deliverer } from '../deliveries/deliverer.ts';
import { type Answer, jsonAnswer } from '../http/answer.ts';
import { envelope } from '../http/envelope.ts';
import { type DeliveryPlace, startDelivery } from './delivering.ts';
import type { Exchange, Feature, Outcome } from './feature.ts';

type Rule = (place: DeliveryPlace, exchange: Exchange, op: Operation) => Promise<Answer | undefined>;

/** The webhook operations, answered from the session's sandbox and registry; deliveries by `deliverer`. */
export function webhookFeature(deliverer: Deliverer | undefined, tell?: (line: string) => void): Feature {
  return {
    async valid(exchange): Promise<Outcome | undefined> {
      const op = exchange.request.match?.operation;
      const { session, caller } = exchange;
      const rule = op && rules[op.operationId];
      if (!op || !rule || !session?.sandbox || !caller.env || !hasAccountHeader(exchange)) return undefined;
      const place = { session, sandbox: session.sandbox, env: caller.env, deliverer, tell };
      const answer = await rule(place, exchange, op);
      return answer && { answer, answeredBy: 'state' };
    },
  };
}

/** What each webhook operation does (keyed by operationId, as the contract names them). */
const rules: Record<string, Rule> = {
  async tryWebhook(place, exchange, op) {
    const webhookId = queryParam(exchange, 'webhookId');
    if (!webhookId) return undefined; // Prism answers the missing parameter
    const body = await bodyOf(exchange);
    const at = new Date().toISOString();
    const log: WebhookLog = {
      id: randomUUID(),
      webhookId,
      notificationId: randomUUID(),
      event: 'test',
      payload: parseJson(body),
      createdAt: at,
      status: 'PENDING',
      attempts: [],
    };
    place.sandbox.addWebhookLog(place.env, log, body);
    startDelivery(place, log, 'test', true);
    const data = { webhookLogId: log.id, notificationId: log.notificationId };
    return jsonAnswer(201, { ...successExample(op, 201), data });
  },
  async retryWebhook(place, exchange) {
    const body = parseJson(await bodyOf(exchange)) as { webhookLogId?: unknown } | undefined;
    const logId = typeof body?.webhookLogId === 'string' ? body.webhookLogId : undefined;
    if (!logId) return undefined; // Prism answers the invalid request
    const log = place.sandbox.findWebhookLog(place.env, logId);
    if (!log) return notFound(exchange, `No webhook log ${logId}.`);
    startDelivery(place, log, 'retry', false);
    return jsonAnswer(200, { retry: { id: logId, status: 'QUEUED' } });
  },
  async resendNotification(place, exchange) {
    const body = parseJson(await bodyOf(exchange)) as { notificationId?: unknown } | undefined;
    const id = typeof body?.notificationId === 'string' ? body.notificationId : undefined;
    const earlier = id === undefined ? undefined : place.sandbox.findNotification(place.env, id);
    if (!earlier || id === undefined) return undefined; // not one the mock delivered: the contract's example
    const bytes = place.sandbox.webhookBody(place.env, earlier.id) ?? Buffer.from('null');
    const at = new Date().toISOString();
    const log: WebhookLog = { ...earlier, id: randomUUID(), createdAt: at, status: 'PENDING', attempts: [] };
    place.sandbox.addWebhookLog(place.env, log, bytes);
    startDelivery(place, log, 'resend', true);
    return jsonAnswer(200, { resend: { id, status: 'QUEUED' } });
  },
  async listWebhookLogs(place, exchange, op) {
    const webhookId = queryParam(exchange, 'webhookId');
    if (!webhookId) return undefined; // Prism answers the invalid request
    return jsonAnswer(200, {
      ...successExample(op, 200),
      data: place.sandbox.webhookLogs(place.env, webhookId),
    });
  },
  async getWebhookUrl(place, exchange) {
    const type = exchange.request.match?.params.type;
    if (!type || place.session.webhooks.list().length === 0) return undefined; // nothing registered: the example
    const webhook = place.session.webhooks.forType(type);
    if (!webhook)
      return notFound(exchange, `No webhook URL is registered for the notification type ${type}.`);
    return jsonAnswer(200, { type, webhookId: webhook.webhookId, url: webhook.url.href });
  },
};

function notFound({ request }: Exchange, message: string): Answer {
  return jsonAnswer(404, envelope(404, 'NOT_FOUND', message, request.target.path));
}

/** The contract's example of the operation's success answer: the envelope `data` goes in. */
function successExample(op: Operation, status: number): Record<string, unknown> {
  const example = jsonContent(responseFor(op, status)?.content ?? [])?.examples[0]?.value;
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
