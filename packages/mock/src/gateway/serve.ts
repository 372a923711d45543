// One request through the gateway, in named steps: read the target once (http/target.ts) and route it once
// by the model; choose its session; admit it (token, environment, scopes: admission.ts); a session name no
// open one has is refused; the admin prefix goes to the admin route; the features may answer (faults, the
// sandbox's replay); else answering.ts answers it. The gateway alone writes down what happened
// (exchange.ts), and once the answer has gone the features get the served request. A fault in any step
// answers that request alone with a 500 envelope, logged with its request id; other requests go on.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Operation, type RouteResult, redact } from '@banking-api/contract';
import type { AdminRoute } from '../admin/dispatch.ts';
import { adminPrefix, sessionHeader } from '../api/names.ts';
import type { FeatureChain } from '../features/feature.ts';
import { type Answer, envelopeAnswer, send } from '../http/answer.ts';
import { bodyReader } from '../http/body.ts';
import type { ErrorStyle } from '../http/contract-errors.ts';
import { type ErrorEnvelope, envelope } from '../http/envelope.ts';
import { leavingBody, malformed, refusalAnswer } from '../http/refusal.ts';
import type { Arrival, Caller } from '../http/served.ts';
import { readTarget, sentPath, type Target } from '../http/target.ts';
import type { TokenVerifier } from '../pki/tokens.ts';
import { type Sessions, sessionOf, unknownSessionRefusal } from '../session/sessions.ts';
import { authenticate, authorizeScopes } from './admission.ts';
import { type AnswerSteps, answerOf } from './answering.ts';
import { RequestDraft } from './exchange.ts';
import { admitBySchemes, challengesOf, type SchemeTable } from './schemes.ts';

/** What the mock adds to the gateway's path (mock.ts puts it together). */
export interface MockParts {
  sessions: Sessions;
  admin: AdminRoute;
  features: FeatureChain;
}

/** What the steps share for the gateway's life. */
export interface Steps extends AnswerSteps {
  mock: MockParts | undefined;
  /** Who is calling, by the connection's client certificate. */
  caller(req: IncomingMessage): Caller;
  verifier: TokenVerifier;
  /** The contract's security schemes by name. */
  schemes: SchemeTable;
  /** How the contract words the mock's errors (ours: the envelope). */
  errors: ErrorStyle;
}

/** One request, isolated: whatever goes wrong answers this request and is logged with its id. */
export function handle(steps: Steps, req: IncomingMessage, res: ServerResponse): void {
  const requestId = requestIdOf(req);
  res.setHeader('x-request-id', requestId);
  serve(steps, req, res, requestId).catch((error: unknown) => fail(steps, req, res, requestId, error));
}

async function serve(
  steps: Steps,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): Promise<void> {
  const target = readTarget(req.url ?? '/');
  if (target.kind !== 'resource') return send(res, leavingBody(req, refusalAnswer(targetRefusal(target))));
  const method = req.method ?? 'GET';
  const routed = steps.route(method, target.path);
  const match = routed.kind === 'match' ? routed.match : undefined;
  const arrival: Arrival = {
    requestId,
    started: Date.now(),
    method,
    url: req.url ?? '/',
    headers: req.headers,
    target,
    routed,
    match,
  };
  const choice = steps.mock && sessionOf(steps.mock.sessions, req.headers[sessionHeader]);
  const read = bodyReader(req, steps.limits);
  const admin = target.path.startsWith(adminPrefix);
  const documenting = match?.operation ?? pathOperation(steps, routed, method, target.path);
  const restyle = admin ? undefined : (answer: Answer) => steps.errors(answer, documenting);
  const draft = new RequestDraft(arrival, steps.caller(req), choice?.session, { req, res, read, restyle });
  const { features } = steps;
  if (features && !admin)
    res.once('close', () => features.served(draft.served(), draft.session, draft.outcomes));
  const refusal = await admit(steps, draft, routed);
  if (refusal) return draft.send(leavingBody(req, refusalAnswer(refusal, challengeFor(steps, routed))));
  const unknown = choice?.unknown ? unknownSessionRefusal(target.path) : undefined;
  if (unknown) return draft.send(leavingBody(req, envelopeAnswer(unknown)));
  if (admin && steps.mock) return draft.send(leavingBody(req, await steps.mock.admin(draft)));
  const outcome = await features?.admitted(draft);
  if (outcome) draft.record(outcome);
  if (outcome?.drop) return draft.drop();
  if (outcome?.answer) return draft.send(leavingBody(req, outcome.answer));
  draft.send(await answerOf(steps, draft));
}

/**
 * Who may call: a routed operation by its own security schemes (schemes.ts); the admin route and requests
 * that name no operation by a dev token, as before. In mock and proxy mode alike.
 */
async function admit(
  steps: Steps,
  draft: RequestDraft,
  routed: RouteResult,
): Promise<ErrorEnvelope | undefined> {
  const path = draft.arrival.target.sent;
  const env = draft.caller.env;
  const operation = operationOf(routed);
  if (operation && env && !draft.arrival.target.path.startsWith(adminPrefix)) {
    const { headers } = draft.req;
    const query = draft.arrival.target.query;
    const admission = await admitBySchemes(steps.verifier, steps.schemes, operation, {
      headers,
      query,
      env,
      path,
    });
    if ('refusal' in admission) return admission.refusal;
    if (admission.token) draft.admitted(admission.token.subject, admission.token.scopes);
    return undefined;
  }
  const authentication = await authenticate(steps.verifier, draft.req.headers.authorization, env, path);
  if ('refusal' in authentication) return authentication.refusal;
  const { token } = authentication;
  draft.admitted(token.subject, token.scopes);
  if (routed.kind === 'bad-path') return malformed(routed.reason, path);
  return authorizeScopes(operation, token.scopes, path);
}

/**
 * The operation whose responses word the errors of a request the router matched to none: for a method the
 * path does not take (its 405), the path's other operation; for a path with an empty segment (`/consents/`,
 * an empty path parameter), the operation the segment would name.
 */
function pathOperation(
  steps: Steps,
  routed: RouteResult,
  method: string,
  path: string,
): Operation | undefined {
  if (routed.kind === 'not-found' && /\/(?=\/|$)/.test(path))
    return operationOf(steps.route(method, path.replace(/\/(?=\/|$)/g, '/-')));
  if (routed.kind !== 'method-not-allowed') return undefined;
  const other = routed.allowed.find((m) => m !== method.toUpperCase());
  return other ? operationOf(steps.route(other, path)) : undefined;
}

/** The 401's challenge: by the routed operation's schemes; Bearer (a dev token) where no operation is named. */
function challengeFor(steps: Steps, routed: RouteResult): string | null {
  const operation = operationOf(routed);
  return operation ? challengesOf(steps.schemes, operation) : 'Bearer';
}

function operationOf(routed: RouteResult): Operation | undefined {
  return routed.kind === 'match' ? routed.match.operation : undefined;
}

function targetRefusal(target: Exclude<Target, { kind: 'resource' }>): ErrorEnvelope {
  if (target.kind === 'asterisk')
    return malformed('The asterisk-form target (*) names no resource of this API.', target.sent);
  return malformed(target.reason, target.sent);
}

/** A fault of the mock's own while handling one request: that request gets a 500, the log says why. */
function fail(
  steps: Steps,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  error: unknown,
): void {
  const path = sentPath(req.url ?? '/');
  steps.log(
    `mock: request ${requestId} ${req.method} ${path} failed: ${(error as Error)?.stack ?? String(error)}`,
  );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  req.resume();
  const message = `The mock failed while handling this request (request id ${requestId}).`;
  send(res, envelopeAnswer(envelope(500, 'INTERNAL_ERROR', message, path)));
}

const sane = /^[\w.:@/+=-]{1,128}$/;

/**
 * The client's `x-request-id` when it is a plain token that holds no personal data or secret (it is
 * echoed in answers and logs, and kept in the journal), else a new one.
 */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && sane.test(given) && redact(given) === given ? given : randomUUID();
}
