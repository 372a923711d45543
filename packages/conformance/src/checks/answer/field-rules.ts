// What the contract states across fields (`x-equals`, the model's `Response.rules`) holds in an answer:
// a Pix refund's `refund.id` is the `id` of its path, the error envelope's `status_code` is the HTTP
// status, its `path` the path the request was sent to. A field the answer lacks is the schema check's to
// judge; a rule on the request needs the request.
import type { FieldRule, Operation } from '@banking-api/contract';
import { clip } from '../../judge/describe.js';
import type { Probe } from '../../types.js';
import { type AnswerCheck, type AnswerView, fail, pass, skip } from '../check.js';

const id = 'field-rules';

export const fieldRules: AnswerCheck = {
  id,
  kind: 'answer',
  level: 'error',
  rationale: 'what the contract states across fields (x-equals) holds: an echoed id, status_code',
  judge(view: AnswerView) {
    const rules = view.response?.rules ?? [];
    if (rules.length === 0 || !view.media) return skip;
    const body = parse(view.answer.text);
    if (body === undefined) return skip;
    for (const rule of rules) {
      const actual = at(body, rule.pointer);
      if (actual === undefined) continue;
      const expected = expectedOf(rule, view);
      if (expected === undefined) continue;
      // The request's own value goes in `got`, not `expected`: the same broken rule on many requests
      // (each with a fresh id) is then one deviation with a count, not one per request.
      if (!matches(rule, String(actual), expected))
        return fail(
          `${rule.pointer} = ${describe(rule)}`,
          `${rule.pointer} = ${clip(JSON.stringify(actual))} (${describe(rule)} is ${clip(JSON.stringify(expected))})`,
        );
    }
    return pass;
  },
};

const describe = (rule: FieldRule) =>
  rule.equals.source === 'status'
    ? 'the HTTP status'
    : rule.equals.source === 'request-path'
      ? "the request's path"
      : `${rule.equals.source} parameter ${rule.equals.name}`;

/**
 * Whether the field holds the value: the same text; for the request's path also its percent-decoded form,
 * or the path behind a base path the target's URL adds (`/api/hb/...` for `/hb/...`).
 */
function matches(rule: FieldRule, actual: string, expected: string): boolean {
  if (actual === expected) return true;
  if (rule.equals.source !== 'request-path') return false;
  const decoded = safeDecode(expected);
  return [expected, decoded].some(
    (path) => actual === path || (actual.endsWith(path) && actual.startsWith('/')),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The value the rule asks for, as text; undefined when this answer cannot tell (no request at hand). */
function expectedOf(rule: FieldRule, view: AnswerView): string | undefined {
  const { source, name = '' } = rule.equals;
  if (source === 'status') return String(view.answer.status);
  const request = view.request;
  if (!request) return undefined;
  if (source === 'request-path') return request.path.split('?')[0];
  if (source === 'header') {
    const sent = Object.entries(request.headers).find(([n]) => n.toLowerCase() === name.toLowerCase());
    return sent?.[1];
  }
  if (source === 'query')
    return new URL(request.path, 'https://request.invalid').searchParams.get(name) ?? undefined;
  return pathParameters(view.op, request)[name];
}

/** The path parameters of a request, read against the operation's template segment by segment. */
export function pathParameters(op: Operation, request: Probe): Record<string, string> {
  const template = op.path.split('/');
  const actual = (request.path.split('?')[0] ?? '').split('/');
  const values: Record<string, string> = {};
  if (template.length !== actual.length) return values;
  template.forEach((segment, i) => {
    const name = /^\{([^}]+)\}$/.exec(segment)?.[1];
    if (!name) return;
    try {
      values[name] = decodeURIComponent(actual[i] ?? '');
    } catch {
      // a malformed escape: no value to compare with
    }
  });
  return values;
}

function at(body: unknown, pointer: string): unknown {
  let node = body;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
