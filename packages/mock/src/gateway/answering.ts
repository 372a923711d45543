// What answers an admitted request that no feature answered. Its body is read and checked; in mock mode the
// contract's compiled validators judge it. A valid request goes to the mock's own answers for valid requests
// (stubs, state: the features' `valid`), then to the answer Prism already gave such a request
// (prism/fast-path.ts); anything else is Prism's to answer, in this process. Prism's errors become the
// contract's envelope (prism/answers.ts); in proxy mode the real environment's answers pass through.
import type { Operation, RouteMatch, RouteResult } from '@banking-api/contract';
import { differsByDirection, judgeRequest, type RequestVerdict } from '@banking-api/contract/validators';
import type { Limits } from '../api/limits.ts';
import type { Violation } from '../api/options.ts';
import type { FeatureChain } from '../features/feature.ts';
import { type Answer, envelopeAnswer } from '../http/answer.ts';
import { prismBody } from '../http/body.ts';
import { echoFor } from '../http/echo.ts';
import { emptyValueRefusal } from '../http/empty-values.ts';
import { envelope } from '../http/envelope.ts';
import { leavingBody, refusalAnswer } from '../http/refusal.ts';
import type { JoseSigner } from '../pki/jws.ts';
import { mockAnswer, proxyAnswer, violationReport } from '../prism/answers.ts';
import type { PrismEngine, PrismOutcome, PrismRequest } from '../prism/engine.ts';
import { acceptedByPrism, type ExampleAnswers, refusedRequest } from '../prism/fast-path.ts';
import type { RequestDraft } from './exchange.ts';

export interface AnswerSteps {
  mode: 'mock' | 'proxy';
  engine: PrismEngine;
  limits: Limits;
  route: (method: string, path: string) => RouteResult;
  /** Prism's answers to valid requests, given again; absent when the fast path is off. */
  examples: ExampleAnswers | undefined;
  features: FeatureChain | undefined;
  onViolation: ((violation: Violation) => void) | undefined;
  /** Signs the examples of JWS and JWT answers (pki/jws.ts). */
  sign: JoseSigner;
  log(line: string): void;
}

/** The answer to an admitted request (refusals of its body included). */
export async function answerOf(steps: AnswerSteps, draft: RequestDraft): Promise<Answer> {
  const { arrival, req } = draft;
  const { target, match } = arrival;
  const mock = steps.mode === 'mock';
  const operation = match?.operation;
  const sent = { headers: req.headers, query: target.query };
  const empty = mock && operation && emptyValueRefusal(operation, sent, target.sent);
  if (empty) return leavingBody(req, refusalAnswer(empty));
  const checked = await prismBody(
    req,
    () => draft.body(),
    operation,
    target.sent,
    mock ? steps.limits : undefined,
  );
  if (!checked.ok) return leavingBody(req, refusalAnswer(checked.refusal));
  const request: PrismRequest = {
    operationKey: operation?.key,
    method: arrival.method,
    path: target.path,
    query: target.query,
    ...checked.value,
  };
  if (!mock) {
    draft.answeredBy('prism');
    return reported(steps, draft, await steps.engine.handle(request), proxyAnswer);
  }
  const verdict = match ? verdictOf(match, request) : undefined;
  if (verdict?.kind === 'valid') {
    const answer = (await ownAnswer(steps, draft, request)) ?? knownAnswer(steps, draft, request);
    if (answer) return answer;
  }
  return prismAnswer(steps, draft, request, verdict);
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
  draft: RequestDraft,
  request: PrismRequest,
): Promise<Answer | undefined> {
  draft.valid();
  const outcome = await steps.features?.valid(draft, request.body);
  if (outcome) draft.record(outcome);
  return outcome?.answer;
}

/** The answer Prism gave an earlier valid request of the same operation, Accept and Prefer. */
function knownAnswer(steps: AnswerSteps, draft: RequestDraft, request: PrismRequest): Answer | undefined {
  const key = examplesKey(steps, draft, request);
  const known = key === undefined ? undefined : steps.examples?.get(key);
  if (!known) return undefined;
  draft.answeredBy('example');
  const { match, target } = draft.arrival;
  return reported(steps, draft, known.outcome, (outcome) => {
    if (known.answer) return known.answer;
    const answer = mockAnswer(outcome, match, target.sent, steps.sign);
    // Serialized once when no echo rule ties the answer to the request (a CPU profile: 2% of the mock's time).
    if (match && !echoFor(match.operation, answer.status)) known.answer = answer;
    return answer;
  });
}

/** The key of Prism's answer to a valid request; none for an operation whose callbacks Prism must call. */
function examplesKey(steps: AnswerSteps, draft: RequestDraft, request: PrismRequest): string | undefined {
  if (!steps.examples || draft.arrival.match?.operation.callbacks) return undefined;
  return steps.engine.answerKey(request);
}

/** Prism's answer; a request Prism finds valid (which the validators did not judge) gets the mock's own first. */
async function prismAnswer(
  steps: AnswerSteps,
  draft: RequestDraft,
  request: PrismRequest,
  verdict: RequestVerdict | undefined,
): Promise<Answer> {
  const { match, routed, target } = draft.arrival;
  const judged = verdict?.kind === 'valid' && match !== undefined && readOnlyInBody(match.operation);
  const outcome = await steps.engine.handle(judged ? { ...request, judged } : request);
  if (match && acceptedByPrism(outcome)) {
    if (verdict?.kind !== 'valid') {
      const own = await ownAnswer(steps, draft, request);
      if (own) return own;
    }
    const key = verdict?.kind === 'valid' ? examplesKey(steps, draft, request) : undefined;
    if (key !== undefined) steps.examples?.remember(key, outcome);
  } else if (verdict?.kind === 'valid' && refusedRequest(outcome)) disagreement(steps, draft);
  const unrouted = !match && notFound(outcome) ? unroutedAnswer(steps, routed, request) : undefined;
  if (unrouted) return unrouted;
  draft.answeredBy('prism');
  return reported(steps, draft, outcome, (o) => mockAnswer(o, match, target.sent, steps.sign));
}

/**
 * Whether the request body's schema reaches a `readOnly` property: one a valid request may leave out though
 * `required`. Prism lifts that requirement at the body's top level only (not in a nested `$ref`'d object), so
 * there the validators' verdict that the request is valid stands without Prism's.
 */
const readOnlyInBody = (op: Operation): boolean =>
  op.requestBody?.content.some((m) => m.schema !== undefined && differsByDirection(m.schema, 'request')) ??
  false;

const disagreed = new WeakSet<object>();

/** The validators accepted what Prism refused: a fault of the mock's, logged once per operation. */
function disagreement(steps: AnswerSteps, draft: RequestDraft): void {
  const op = draft.arrival.match?.operation;
  if (!op || disagreed.has(op)) return;
  disagreed.add(op);
  steps.log(
    `mock: the contract's validators accepted a request to ${op.operationId} that Prism refused (request ${draft.arrival.requestId})`,
  );
}

/** The answer made of an outcome; its violations go to `onViolation`. */
function reported(
  steps: AnswerSteps,
  draft: RequestDraft,
  outcome: PrismOutcome,
  answerOf: (outcome: PrismOutcome) => Answer,
): Answer {
  const answer = answerOf(outcome);
  const { method, url } = draft.arrival;
  if (outcome.violations.length > 0)
    steps.onViolation?.(violationReport(method, url, answer.status, outcome.violations));
  return answer;
}

/**
 * A path no operation has (404, with a hint when only a trailing slash is in the way) or a method the
 * path does not take (405 with `Allow`), as the gateway routed it: the contract's envelope, in the mock's
 * words rather than Prism's.
 */
function unroutedAnswer(steps: AnswerSteps, routed: RouteResult, request: PrismRequest): Answer | undefined {
  const { method, path } = request;
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
