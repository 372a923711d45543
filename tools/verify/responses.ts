// Does an answer match what the operation documents: a status it lists, a content type it lists for
// that status, a body its schema accepts? Run on every answer the verifier gets, whatever the check.
import type { JsonSchema, Operation, Response } from '@banking-api/contract';
import { isJson } from './inputs.ts';
import { isFreeForm, violations } from './schemas.ts';
import type { Answer, CheckContext, Probe } from './types.ts';

/**
 * The documented response for a status: exact (`200`), then range (`2XX`), then `default`. The
 * contract's `default` describes "any other error", so it never covers a success: an undocumented 2xx
 * is a deviation, not a default.
 */
export function documentedResponse(op: Operation, status: number): Response | undefined {
  const exact = op.responses.find((r) => r.status === String(status));
  const range = op.responses.find((r) => r.status.toUpperCase() === `${String(status)[0]}XX`);
  const fallback = status >= 300 ? op.responses.find((r) => r.status === 'default') : undefined;
  return exact ?? range ?? fallback;
}

/** The documented success responses, as written ("200", "2XX"). */
export const successStatuses = (op: Operation) =>
  op.responses.filter((r) => /^2/.test(r.status)).map((r) => r.status);

/** The operation's error envelope schema: that of its 400 response (the contract's §7 envelope). */
export function envelopeSchema(op: Operation) {
  const response = op.responses.find((r) => r.status === '400') ?? documentedResponse(op, 400);
  return response?.content.find((m) => isJson(m.mediaType))?.schema;
}

/** Checks status, content type and body of one answer; findings go to the context. */
export function checkResponse(ctx: CheckContext, op: Operation, probe: Probe, answer: Answer): void {
  const { findings } = ctx;
  if (answer.status >= 500) {
    findings.ran(op, 'no-server-error');
    findings.fail(op, 'no-server-error', 'no 5xx answer', describeAnswer(answer), probe);
    return;
  }
  findings.ran(op, 'response-status');
  const response = documentedResponse(op, answer.status);
  if (!response) {
    const listed = op.responses.map((r) => (r.status === 'default' ? 'default (errors)' : r.status));
    findings.fail(op, 'response-status', `one of ${listed.join(', ')}`, describeAnswer(answer), probe);
    return;
  }
  if (response.content.length === 0) return; // no body documented: nothing more is stated
  findings.ran(op, 'response-content-type');
  const media = response.content.find((m) => m.mediaType === answer.mediaType);
  if (!media) {
    const listed = response.content.map((m) => m.mediaType).join(' or ');
    const got = `${answer.status} with content-type ${answer.mediaType || '(none)'}`;
    findings.fail(op, 'response-content-type', `content-type ${listed}`, got, probe);
    return;
  }
  checkBody(ctx, op, probe, answer, media.schema);
}

function checkBody(
  ctx: CheckContext,
  op: Operation,
  probe: Probe,
  answer: Answer,
  documented: JsonSchema | undefined,
): void {
  const isError = answer.status >= 400;
  const check = isError ? 'error-envelope' : 'response-schema';
  const schema = isError ? (envelopeSchema(op) ?? documented) : documented;
  if (!isError && openResponse(ctx, op, schema)) return;
  if (!isJson(answer.mediaType) || !schema) return;
  ctx.findings.ran(op, check);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    ctx.findings.fail(op, check, 'a JSON body', `${answer.status}, not JSON: ${clip(answer.text)}`, probe);
    return;
  }
  const problems = violations(schema, body);
  if (problems.length) {
    const expected = isError ? 'the error envelope (schema of the 400 response)' : 'the documented schema';
    ctx.findings.fail(op, check, expected, `${answer.status}: ${problems.join('; ')}`, probe);
  }
}

/**
 * Where the contract leaves a success body open (an `x-unspecified` response gap, or a free-form schema),
 * say so in one note; true when nothing about the body can be checked.
 */
function openResponse(ctx: CheckContext, op: Operation, schema: JsonSchema | undefined): boolean {
  const gap = op.gaps.find((g) => g.topic === 'response');
  const freeForm = isFreeForm(schema);
  if (!gap && !freeForm) return false;
  const open = gap ? `open in the contract: ${gap.detail}` : 'the success schema is free-form.';
  const checked = freeForm ? 'only status and content type checked' : 'only the fields it states checked';
  ctx.findings.note(op, 'response-schema', `${open} (${checked})`);
  return freeForm;
}

export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.mediaType || '(no content-type)'} ${clip(answer.text)}`.trim();
}

const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
