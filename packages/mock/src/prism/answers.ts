// The gateway's Prism side: what Prism (in this process) made of a request becomes the answer. In mock
// mode Prism's error answers become the contract's error envelope and the contract's echo rules apply;
// in proxy mode the real environment's answers pass through. Either way the violations Prism found
// are reported.
import { type MediaType, type RouteMatch, responseFor } from '@banking-api/contract';
import type { Violation } from '../api/options.ts';
import { type Answer, envelopeAnswer } from '../http/answer.ts';
import { breaksSchema, documentedBody, mockNoteHeader } from '../http/documented-body.ts';
import { echoFor } from '../http/echo.ts';
import { hopByHopHeaders } from '../http/hop-by-hop.ts';
import { bodyText } from '../http/media.ts';
import type { JoseSigner } from '../pki/jws.ts';
import type { PrismOutcome } from './engine.ts';
import { detailsOf, errorEnvelope, type PrismViolation } from './problems.ts';

// Answer headers not handed on: the connection's own, and a length and encoding Prism's client already undid.
const notForwarded = new Set([...hopByHopHeaders, 'content-length', 'content-encoding']);

/**
 * Mock mode: Prism's answer, with errors as the envelope and the contract's echo rules applied; a JWS or
 * JWT media type is the example signed by `sign`.
 */
export function mockAnswer(
  outcome: PrismOutcome,
  match: RouteMatch | undefined,
  path: string,
  sign?: JoseSigner,
): Answer {
  const { result, violations } = outcome;
  if (result.kind === 'problem') return errorAnswer(result.status, result.problem, violations, path);
  if (result.status >= 400) return errorAnswer(result.status, result.body, violations, path);
  // The rules of the contract the gateway routed by (a contract given to startMock too).
  const echo = match ? echoFor(match.operation, result.status) : undefined;
  const valid = match ? validBody(outcome, match) : undefined;
  let body = valid ? valid.value : result.body;
  if (echo && match && result.status < 300 && body && typeof body === 'object') {
    body = structuredClone(body); // Prism's examples are shared by every request
    echo(body as Record<string, unknown>, match.params);
  }
  const note: Record<string, string> = valid?.note ? { [mockNoteHeader]: valid.note } : {};
  return {
    status: result.status,
    headers: { ...endToEnd(result.headers), ...note },
    body: bodyText(body, contentTypeOf(result.headers), sign),
  };
}

/**
 * Where Prism answered a body that breaks its own schema (Prism without `--errors` answers it as is: a
 * contract's broken example, or its static sample of a schema with a `pattern`, as Stripe's list `url`): a
 * valid body in its place, as documented-body.ts chooses. None when the body is fine. Prism's violations say
 * so, and where they are silent (an operation made without Prism's dereference: operations-of.ts) the
 * model's validator, its verdict kept per body object (Prism's static sample is the same on every request).
 */
function validBody(outcome: PrismOutcome, match: RouteMatch): ReturnType<typeof documentedBody> {
  if (outcome.result.kind !== 'response') return undefined;
  const { status, headers, body } = outcome.result;
  const type = bare(contentTypeOf(headers));
  const media = responseFor(match.operation, status)?.content.find((m) => bare(m.mediaType) === type);
  if (!media) return undefined;
  const flagged = outcome.violations.some(
    (v) => v.severity === 'Error' && v.location?.[0] === 'response' && v.location[1] === 'body',
  );
  if (!flagged && !breaksKnown(media, body)) return undefined;
  return documentedBody(media, body);
}

const verdicts = new WeakMap<object, WeakMap<MediaType, boolean>>();

/** Whether `body` breaks `media`'s schema, remembered for an object body. */
function breaksKnown(media: MediaType, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return breaksSchema(media, body);
  const known = verdicts.get(body) ?? new WeakMap<MediaType, boolean>();
  verdicts.set(body, known);
  const verdict = known.get(media) ?? breaksSchema(media, body);
  known.set(media, verdict);
  return verdict;
}

const bare = (mediaType: string | undefined): string =>
  (mediaType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Proxy mode: the real environment's answer (or Prism's problem) as it came. */
export function proxyAnswer(outcome: PrismOutcome): Answer {
  const { result } = outcome;
  if (result.kind === 'problem')
    return { status: result.status, headers: endToEnd(result.headers), body: JSON.stringify(result.problem) };
  return {
    status: result.status,
    headers: endToEnd(result.headers),
    body: bodyText(result.body, contentTypeOf(result.headers), undefined),
  };
}

function errorAnswer(status: number, body: unknown, violations: PrismViolation[], path: string): Answer {
  return envelopeAnswer(errorEnvelope(status, body, detailsOf(violations), path));
}

/** The violations as the `onViolation` report shows them. */
export function violationReport(
  method: string,
  url: string,
  status: number,
  violations: PrismViolation[],
): Violation {
  const lines = violations.map((v) => `${(v.location ?? []).join('.')}: ${v.message ?? ''}`);
  return { method, path: url, status, violations: lines };
}

function endToEnd(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!notForwarded.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

function contentTypeOf(headers: Record<string, string>): string | undefined {
  return Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
}
