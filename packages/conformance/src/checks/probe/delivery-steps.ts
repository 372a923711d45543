// The steps of the delivery check (webhook-delivered.ts): send one of the webhook operations and wait for
// what it should deliver at the run's receiver, and find in the server's answers the identifiers the next
// step needs (the contract does not show the shape of `try`'s data or of the logs: they are looked for by
// name, as the stateful flows do, else taken from the fixtures).
import type { Operation } from '@banking-api/contract';
import { harvest } from '../../flows/harvest.js';
import { describeAnswer } from '../../judge/describe.js';
import { requestFor } from '../../requests/build.js';
import type { Answer, ArrivedDelivery, CheckContext, DeliveryWatch, Probe } from '../../types.js';
import { call, isSuccess } from './call.js';
import { runValues } from './run-request.js';

export const CHECK = 'webhook-delivered';

/** A step: the operation, the values and body it is sent with, and which arrival counts as its delivery. */
export interface Step {
  readonly name: 'try' | 'retry' | 'resend';
  readonly op: Operation;
  readonly values: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly delivers: (arrival: ArrivedDelivery) => boolean;
}

/** Sends the step; then its delivery, judged: arrived in time, over mutual TLS. The answer either way. */
export async function runStep(ctx: CheckContext, watch: DeliveryWatch, step: Step): Promise<Answer> {
  const values = { ...runValues(ctx, step.op), ...step.values };
  const text = JSON.stringify(step.body);
  const body = { contentType: 'application/json', text };
  const probe = requestFor(step.op, { seed: ctx.options.seed, values, body });
  const since = Date.now();
  const answer = await call(ctx, step.op, probe);
  ctx.findings.ran(step.op, CHECK);
  if (!isSuccess(answer.status)) {
    ctx.findings.fail(
      step.op,
      CHECK,
      `a 2xx to ${step.name}, then its delivery`,
      describeAnswer(answer),
      probe,
      answer,
    );
    return answer;
  }
  const arrived = await watch.next(since, step.delivers);
  const fail = (expected: string, got: string) =>
    ctx.findings.fail(step.op, CHECK, expected, got, probe, answer);
  if (!arrived) {
    const others = watch.since(since).length;
    const got = others ? `${others} other request(s) arrived, none with that body` : 'nothing arrived';
    fail(`${step.name}'s delivery at the receiver within ${watch.waitMs / 1000} s`, got);
  } else if (!arrived.mutualTls)
    fail(
      `${step.name}'s delivery over mutual TLS (a client certificate the --webhook-client-ca issued)`,
      what(arrived, since),
    );
  ctx.findings.note(
    step.op,
    CHECK,
    arrived ? `${step.name}: ${what(arrived, since)}` : `${step.name}: nothing arrived`,
  );
  return answer;
}

/** What arrived, in one line, without the body. */
function what(a: ArrivedDelivery, since: number): string {
  const tls = a.mutualTls
    ? `over mutual TLS (client certificate ${a.clientSubject || '?'}, issued by ${a.clientIssuer || '?'})`
    : a.clientSubject
      ? `with a client certificate the receiver does not trust (${a.clientSubject})`
      : 'without a client certificate';
  return `${a.method} ${a.path} arrived after ${a.at - since} ms ${tls}, ${a.bytes} bytes of ${a.mediaType || 'no media type'}`;
}

/** The body `try` sends: marked with a value of this run's own, so its delivery is told from others. */
export function tryBody(seed: number): { check: string; mark: string; sentAt: string } {
  const mark = `verify-${seed}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return { check: CHECK, mark, sentAt: new Date().toISOString() };
}

/** An arrival carrying exactly this JSON body. */
export const carries =
  (body: unknown) =>
  (arrival: ArrivedDelivery): boolean => {
    try {
      return JSON.stringify(JSON.parse(arrival.body)) === JSON.stringify(body);
    } catch {
      return false;
    }
  };

/**
 * The identifier `name` of the delivery marked `mark`: in `try`'s answer, else in the logs' item that holds
 * the mark (read with `logs`, the operation that lists them), else the run's fixtures for `forOp`.
 */
export async function identifierOf(
  ctx: CheckContext,
  name: string,
  found: { tryOp: Operation; tried: Answer; logs: Operation | undefined; webhookId: string; mark: string },
  forOp: Operation,
): Promise<string | undefined> {
  const wanted = new Set([name]);
  const fromTry = harvest(found.tryOp, parse(found.tried.text), wanted)[name];
  if (fromTry) return fromTry;
  if (found.logs) {
    const values = { ...runValues(ctx, found.logs), webhookId: found.webhookId };
    const probe: Probe = requestFor(found.logs, { seed: ctx.options.seed, values });
    const listed = await call(ctx, found.logs, probe);
    const items = itemsHolding(parse(listed.text), found.mark);
    for (const item of items) {
      const value = harvest(found.logs, [item], wanted)[name];
      if (value) return value;
    }
  }
  const fixture = ctx.options.fixtures?.[forOp.operationId]?.[name];
  return typeof fixture === 'string' ? fixture : undefined;
}

/** The objects of a listing (its `data`, or itself) whose JSON holds the mark. */
function itemsHolding(listing: unknown, mark: string): unknown[] {
  const data = (listing as { data?: unknown } | undefined)?.data ?? listing;
  return Array.isArray(data) ? data.filter((item) => JSON.stringify(item).includes(mark)) : [];
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
