// A delivery of the stateful sandbox, from the log that records it to the attempts that fill it: the
// delivery engine (deliveries/) sends; this writes each attempt it reports into the webhook log, the
// session's journal and the mock's delivery line. A webhook the session has not registered is never sent
// to: its attempt fails at once, saying how to register one.
import { DEFAULT_SESSION } from '../api/names.ts';
import type { WebhookAttempt, WebhookAttemptKind, WebhookLog } from '../api/webhook-log.ts';
import type { Deliverer, EndedAttempt } from '../deliveries/deliverer.ts';
import type { Environment } from '../pki/dev-pki.ts';
import type { Sandbox } from '../session/sandbox.ts';
import type { Session } from '../session/session.ts';

/** What a delivery needs besides the log: where it is, and where its attempts are told. */
export interface DeliveryPlace {
  session: Session;
  sandbox: Sandbox;
  env: Environment;
  deliverer: Deliverer | undefined;
  /** One line per attempt (the CLI prints them); none by default. */
  tell?: ((line: string) => void) | undefined;
}

/** Sends the log's notification (its first attempt of `kind`), recording every attempt in the log. */
export function startDelivery(
  place: DeliveryPlace,
  log: WebhookLog,
  kind: WebhookAttemptKind,
  schedule: boolean,
): void {
  const { session, sandbox, env, deliverer } = place;
  const webhook = session.webhooks.get(log.webhookId);
  const body = sandbox.webhookBody(env, log.id) ?? Buffer.from(JSON.stringify(log.payload ?? null));
  const fail = (error: string) =>
    addAttempt(sandbox, log, { kind, at: new Date().toISOString(), status: 'FAILED', error }, true);
  if (!webhook) {
    fail(
      `no URL is registered for webhook ${log.webhookId} in this session (the mock's registry: PUT /__mock/webhooks/${log.webhookId}, session.webhooks.set(), or --webhook ${log.webhookId}=<https URL>)`,
    );
    return;
  }
  if (!deliverer) {
    fail('this mock does not deliver (proxy mode)');
    return;
  }
  log.status = 'PENDING';
  const queued = deliverer.deliver({
    webhook,
    registry: session.webhooks,
    shared: session.id === DEFAULT_SESSION,
    body,
    notificationId: log.notificationId,
    webhookLogId: log.id,
    kind,
    schedule,
    onAttempt: (ended) => recordAttempt(place, log, body, webhook.url, ended),
  });
  if (!queued.queued) fail(queued.reason);
}

/** An attempt that ended: into the log, the journal, and one line. */
function recordAttempt(
  place: DeliveryPlace,
  log: WebhookLog,
  body: Buffer,
  url: URL,
  ended: EndedAttempt,
): void {
  const { result, kind, startedAt } = ended;
  const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
  const attempt: WebhookAttempt = {
    kind,
    at: new Date(startedAt + result.latencyMs).toISOString(),
    status: delivered ? 'DELIVERED' : 'FAILED',
    ...(result.status !== undefined && { responseStatus: result.status }),
    latencyMs: result.latencyMs,
    ...(result.error !== undefined && { error: result.error }),
  };
  addAttempt(place.sandbox, log, attempt, ended.last);
  place.session.journal.addDelivery({
    started: startedAt,
    durationMs: result.latencyMs,
    url: url.href,
    environment: place.env,
    headers: ended.headers,
    body,
    status: result.status ?? 0,
    answer: result.answer,
    answerBytes: result.answerBytes,
    facts: {
      webhookId: log.webhookId,
      webhookLogId: log.id,
      notificationId: log.notificationId,
      attempt: kind,
      ...(result.error !== undefined && { error: result.error }),
    },
  });
  const outcome = result.status === undefined ? `failed (${result.error})` : String(result.status);
  place.tell?.(
    `mock: webhook ${log.webhookId} ${kind} → ${url.origin}${url.pathname}: ${outcome} in ${result.latencyMs} ms (log ${log.id})`,
  );
}

function addAttempt(sandbox: Sandbox, log: WebhookLog, attempt: WebhookAttempt, last: boolean): void {
  sandbox.addAttempt(log, attempt);
  log.status = attempt.status === 'DELIVERED' ? 'DELIVERED' : last ? 'FAILED' : 'PENDING';
}
