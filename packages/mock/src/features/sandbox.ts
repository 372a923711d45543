// The stateful sandbox's idempotent replay on the request path (opt-in, per session; its stores:
// session/sandbox.ts; the webhook operations: features/webhooks.ts). It comes first, before anything else
// may answer (a stubbed first answer is replayed like any other). The
// contract does not show what a repeated idempotency identifier with another body gets; this mock answers
// 409 IDEMPOTENCY_CONFLICT (its own choice, documented in docs/mock.md). An identifier is remembered per
// environment, account and client, only for a request received whole and answered whole with a success;
// bodies are compared byte for byte.
import { createHash } from 'node:crypto';
import type { Operation } from '@banking-api/contract';
import { replayHeader } from '../api/names.ts';
import { type Answer, jsonAnswer } from '../http/answer.ts';
import { envelope } from '../http/envelope.ts';
import type { Sandbox } from '../session/sandbox.ts';
import type { Exchange, Feature, Outcome } from './feature.ts';

type Rule = (sandbox: Sandbox, exchange: Exchange, op: Operation) => Promise<Outcome | undefined>;

/** Idempotent replay, as a feature (features/chain.ts places it). */
export function replayFeature(): Feature {
  return { admitted: (exchange) => run(exchange, (op) => (op.idempotency ? idempotent : undefined)) };
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
