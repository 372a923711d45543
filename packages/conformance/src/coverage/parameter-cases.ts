// Coverage of an operation's parameters (path, query, header): the variants each one's schema calls for, sent
// as text in its place, and each required query or header parameter left out. A path segment that breaks
// its schema may be refused with any 4xx (a 404 for no such resource is an answer); the others with the
// operation's validation answer.
import { asText, type Operation, type Parameter } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { withHeader } from '../requests/headers.js';
import { resolved } from '../schemas/read.js';
import type { Probe } from '../types.js';
import type { CoverageCase } from './case.js';
import { VALUE_KEYWORDS, variantsOf } from './variants.js';

/** The credential owns `authorization`, the body `content-type`: neither is covered as a parameter. */
const OWNED = new Set(['authorization', 'content-type']);

export function parameterCases(op: Operation, present: Set<string>): CoverageCase[] {
  const cases: CoverageCase[] = [];
  for (const p of op.parameters) {
    if (p.in === 'cookie' || (p.in === 'header' && OWNED.has(p.name.toLowerCase()))) continue;
    if (op.idempotency?.parameter === p.name) continue; // a fresh one per request: the client's to make
    const place = `${p.in} ${p.name}`;
    const schema = resolved(p.schema);
    if (p.required && p.in !== 'path') {
      present.add(`${place}:required`);
      cases.push({
        place,
        keyword: 'required',
        positive: false,
        label: `${place} left out (required)`,
        apply: (base) => setParameter(op, p, base, undefined),
      });
    }
    if (!schema) continue;
    for (const keyword of VALUE_KEYWORDS)
      if (keyword in schema && !(keyword === 'type' && schema.type === 'string'))
        present.add(`${place}:${keyword}`);
    for (const variant of variantsOf(schema, undefined, true)) {
      const text = asText(variant.value);
      if (variant.value === null || conforms(schema, coerce(schema, text)) !== variant.positive) continue;
      cases.push({
        place,
        keyword: variant.keyword,
        positive: variant.positive,
        label: `${place} = ${variant.label}`,
        ...(p.in === 'path' && { anyRefusal: true }),
        apply: (base) => setParameter(op, p, base, text),
      });
    }
  }
  return cases;
}

/** A text as a parameter of this schema's type reads it (`"12"` is the integer 12), for the schema check. */
function coerce(schema: { type?: unknown }, text: string): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if ((type === 'integer' || type === 'number') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The request with one parameter set to `text`, or left out (undefined). */
function setParameter(op: Operation, p: Parameter, base: Probe, text: string | undefined): Probe {
  if (p.in === 'header') return { ...base, headers: withHeader(base.headers, p.name, text) };
  const [pathPart = '', query = ''] = base.path.split('?');
  if (p.in === 'query') {
    const params = new URLSearchParams(query);
    if (text === undefined) params.delete(p.name);
    else params.set(p.name, text);
    return { ...base, path: params.size ? `${pathPart}?${params}` : pathPart };
  }
  const index = op.path.split('/').indexOf(`{${p.name}}`);
  const segments = pathPart.split('/');
  if (index >= 0 && text !== undefined) segments[index] = encodeURIComponent(text);
  return { ...base, path: `${segments.join('/')}${query ? `?${query}` : ''}` };
}
