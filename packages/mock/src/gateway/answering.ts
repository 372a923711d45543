// What answers an admitted request that no hook answered. Its body is read and checked; in mock mode the
// contract's compiled validators judge it. A valid request goes to the mock's own answers for valid
// requests (stubs, state: `onValidRequest`), then to the answer Prism already gave such a request
// (fast-path.ts); anything else is Prism's to answer, in this process. Prism's errors become the
// contract's envelope (forward.ts); in proxy mode its answers from the real environment pass through.
import type { RouteMatch, RouteResult } from '@banking-api/contract';
import { judgeRequest, type RequestVerdict } from '@banking-api/contract/validators';
import { prismBody } from './body.ts';
import { echoFor } from './echo.ts';
import { envelope } from './envelope.ts';
import { acceptedByPrism, type ExampleAnswers, refusedRequest } from './fast-path.ts';
import {
  type Answer,
  envelopeAnswer,
  mockAnswer,
  proxyAnswer,
  type Violation,
  violationReport,
} from './forward.ts';
import type { GatewayHooks, RequestContext } from './hooks.ts';
import type { Limits } from './limits.ts';
import type { PrismEngine, PrismOutcome, PrismRequest } from './prism-engine.ts';
import { refusalAnswer } from './refusal.ts';
import type { ResourceTarget } from './target.ts';

export interface AnswerSteps {
  mode: 'mock' | 'proxy';
  engine: PrismEngine;
  limits: Limits;
  route: (method: string, path: string) => RouteResult;
  /** Prism's answers to valid requests, given again; absent when the fast path is off. */
  examples: ExampleAnswers | undefined;
  hooks: GatewayHooks | undefined;
  onViolation: ((violation: Violation) => void) | undefined;
  log(line: string): void;
}

/** The answer to an admitted request (refusals of its body included). */
export async function answerOf(
  steps: AnswerSteps,
  ctx: RequestContext,
  target: ResourceTarget,
): Promise<Answer> {
  const mock = steps.mode === 'mock';
  const checked = await prismBody(
    ctx.req,
    ctx.readBody,
    ctx.operation,
    target.sent,
    mock ? steps.limits : undefined,
  );
  if (!checked.ok) return refusalAnswer(ctx.req, checked.refusal);
  const request: PrismRequest = {
    operationKey: ctx.operation?.key,
    method: ctx.req.method ?? 'GET',
    path: target.path,
    query: target.query,
    ...checked.value,
  };
  if (!mock) {
    ctx.answeredBy = 'prism';
    return reported(steps, ctx, await steps.engine.handle(request), proxyAnswer);
  }
  const verdict = ctx.match ? verdictOf(ctx.match, request) : undefined;
  if (verdict?.kind === 'valid') {
    const answer = (await ownAnswer(steps, ctx, request)) ?? knownAnswer(steps, ctx, request, target);
    if (answer) return answer;
  }
  return prismAnswer(steps, ctx, request, target, verdict);
}

/** The compiled validators' verdict on the request, as the gateway read it. */
function verdictOf(match: RouteMatch, request: PrismRequest): RequestVerdict {
  const body =
    request.body === null
      ? undefined
      : { mediaType: request.headers['content-type'] ?? '', json: request.body };
  return judgeRequest(match.operation, {
    params: match.params,
    query: request.query,
    headers: request.headers,
    body,
  });
}

/** The mock's own answer to a valid request (a stub, the stateful sandbox), if it has one. */
async function ownAnswer(
  steps: AnswerSteps,
  ctx: RequestContext,
  request: PrismRequest,
): Promise<Answer | undefined> {
  ctx.validated = true;
  const answer = await steps.hooks?.onValidRequest?.(ctx, request.body);
  if (answer) ctx.answeredByHook = true;
  return answer;
}

/** The answer Prism gave an earlier valid request of the same operation, Accept and Prefer. */
function knownAnswer(
  steps: AnswerSteps,
  ctx: RequestContext,
  request: PrismRequest,
  target: ResourceTarget,
): Answer | undefined {
  const key = examplesKey(steps, ctx, request);
  const known = key === undefined ? undefined : steps.examples?.get(key);
  if (!known) return undefined;
  ctx.answeredBy = 'example';
  return reported(steps, ctx, known.outcome, (outcome) => {
    if (known.answer) return known.answer;
    const answer = mockAnswer(outcome, ctx.match, target.sent);
    // Serialized once when no echo rule ties the answer to the request (a CPU profile: 2% of the mock's time).
    if (ctx.match && !echoFor(ctx.match.operation, answer.status)) known.answer = answer;
    return answer;
  });
}

/** The key of Prism's answer to a valid request; none for an operation whose callbacks Prism must call. */
function examplesKey(steps: AnswerSteps, ctx: RequestContext, request: PrismRequest): string | undefined {
  if (!steps.examples || ctx.match?.operation.callbacks) return undefined;
  return steps.engine.answerKey(request);
}

/** Prism's answer; a request Prism finds valid (which the validators did not judge) gets the mock's own first. */
async function prismAnswer(
  steps: AnswerSteps,
  ctx: RequestContext,
  request: PrismRequest,
  target: ResourceTarget,
  verdict: RequestVerdict | undefined,
): Promise<Answer> {
  const outcome = await steps.engine.handle(request);
  if (ctx.match && acceptedByPrism(outcome)) {
    if (verdict?.kind !== 'valid') {
      const own = await ownAnswer(steps, ctx, request);
      if (own) return own;
    }
    const key = verdict?.kind === 'valid' ? examplesKey(steps, ctx, request) : undefined;
    if (key !== undefined) steps.examples?.remember(key, outcome);
  } else if (verdict?.kind === 'valid' && refusedRequest(outcome)) disagreement(steps, ctx);
  const unrouted =
    !ctx.match && notFound(outcome) ? unroutedAnswer(steps, request.method, request.path) : undefined;
  if (unrouted) return unrouted;
  ctx.answeredBy = 'prism';
  return reported(steps, ctx, outcome, (o) => mockAnswer(o, ctx.match, target.sent));
}

const disagreed = new WeakSet<object>();

/** The validators accepted what Prism refused: a fault of the mock's, logged once per operation. */
function disagreement(steps: AnswerSteps, ctx: RequestContext): void {
  const op = ctx.match?.operation;
  if (!op || disagreed.has(op)) return;
  disagreed.add(op);
  steps.log(
    `mock: the contract's validators accepted a request to ${op.operationId} that Prism refused (request ${ctx.requestId})`,
  );
}

/** The answer made of an outcome; its violations go to `onViolation`. */
function reported(
  steps: AnswerSteps,
  ctx: RequestContext,
  outcome: PrismOutcome,
  answerOf: (outcome: PrismOutcome) => Answer,
): Answer {
  const answer = answerOf(outcome);
  const { method = 'GET', url = '' } = ctx.req;
  if (outcome.violations.length > 0)
    steps.onViolation?.(violationReport(method, url, answer.status, outcome.violations));
  return answer;
}

/**
 * A path no operation has (404, with a hint when only a trailing slash is in the way) or a method the
 * path does not take (405 with `Allow`): the contract's envelope, in the mock's words rather than Prism's.
 */
function unroutedAnswer(steps: AnswerSteps, method: string, path: string): Answer | undefined {
  const routed = steps.route(method, path);
  if (routed.kind === 'method-not-allowed') {
    const allowed = routed.allowed.join(', ');
    const message = `${path} takes ${allowed}, not ${method.toUpperCase()}.`;
    return envelopeAnswer(envelope(405, 'METHOD_NOT_ALLOWED', message, path), { allow: allowed });
  }
  if (routed.kind !== 'not-found') return undefined;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : undefined; // one: the path is normalized
  const hint =
    trimmed && steps.route(method, trimmed).kind !== 'not-found'
      ? ` Did you mean ${trimmed} (no trailing slash)?`
      : '';
  const message = `No operation of this API has the path ${path}.${hint}`;
  return envelopeAnswer(envelope(404, 'NOT_FOUND', message, path));
}

/** Prism found no operation for the request (its 404 or 405). */
function notFound(outcome: PrismOutcome): boolean {
  return outcome.result.status === 404 || outcome.result.status === 405;
}
