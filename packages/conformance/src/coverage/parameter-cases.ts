// Coverage of an operation's parameters (path, query, header): the variants each one's schema calls for, sent
// as text in its place (a list or object parameter's only as present: it travels styled), and each required
// query or header parameter left out. A path segment that breaks
// its schema may be refused with any 4xx (a 404 for no such resource is an answer); the others with the
// operation's validation answer.
import { asText, type Operation, type Parameter } from '@banking-api/contract';
import { conforms } from '@banking-api/contract/validators';
import { withHeader } from '../requests/headers.js';
import { coerce } from '../schemas/coerce.js';
import { resolved } from '../schemas/read.js';
import type { Probe } from '../types.js';
import type { CoverageCase } from './case.js';
import { VALUE_KEYWORDS, variantsOf } from './variants.js';

/** A header value HTTP can carry as it is: visible characters, inner spaces or tabs, nothing around them. */
const FIELD_VALUE = /^(?:[\x21-\x7e\x80-\xff](?:[\x20-\x7e\t\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/;

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
    if (travelsStyled(schema)) continue;
    for (const variant of variantsOf(schema, undefined, true)) {
      const text = asText(variant.value);
      if (variant.value === null || conforms(schema, coerce(schema, text)) !== variant.positive) continue;
      if (emptyOptional(p, text, variant.positive)) continue;
      if (p.in === 'header' && !FIELD_VALUE.test(text)) continue; // no HTTP client can send it as it is
      cases.push({
        place,
        keyword: variant.keyword,
        positive: variant.positive,
        label: `${place} = ${variant.label}`,
        ...(p.in === 'path' && { anyRefusal: true, refusal: 'path-value' as const }),
        // The value is the engine's own test data: a reproducer keeps it as sent (Probe.generated).
        apply: (base) => ({
          ...setParameter(op, p, base, text),
          generated: [...(base.generated ?? []), text],
        }),
      });
    }
  }
  return cases;
}

/**
 * A list or an object travels styled (`tag=a&tag=b`, `expand[0]=a`, `a,b`): one text cannot stand for a
 * wrong type or a bound of it (`expand=x` is the list ["x"] under the default style, and under deepObject a
 * name the parameter does not read), so its keywords are present, not tried.
 */
function travelsStyled(schema: Record<string, unknown>): boolean {
  const types = [schema.type].flat();
  return types.includes('array') || types.includes('object') || 'items' in schema || 'properties' in schema;
}

/**
 * An empty value of an optional header or query parameter is not claimed as invalid: many stacks (proxies,
 * Node, ASP.NET, Prism) read an empty header or `?name=` as absent, which the contract allows. Ambiguous, so
 * not tried (docs/verifying-a-server.md); an empty value of a required one stays a negative case (absent is
 * refused too).
 */
const emptyOptional = (p: Parameter, text: string, positive: boolean): boolean =>
  p.in !== 'path' && !p.required && !positive && text === '';

/** The request with one parameter set to `text`, or left out (undefined). */
function setParameter(op: Operation, p: Parameter, base: Probe, text: string | undefined): Probe {
  if (p.in === 'header') return { ...base, headers: withHeader(base.headers, p.name, text) };
  const [pathPart = '', query = ''] = base.path.split('?');
  if (p.in === 'query') {
    // A styled parameter is also its `name[...]` keys: all of them go with it.
    const params = new URLSearchParams(
      [...new URLSearchParams(query)].filter(([key]) => !key.startsWith(`${p.name}[`)),
    );
    if (text === undefined) params.delete(p.name);
    else params.set(p.name, text);
    return { ...base, path: params.size ? `${pathPart}?${params}` : pathPart };
  }
  const index = op.path.split('/').indexOf(`{${p.name}}`);
  const segments = pathPart.split('/');
  if (index >= 0 && text !== undefined) segments[index] = encodeURIComponent(text);
  return { ...base, path: `${segments.join('/')}${query ? `?${query}` : ''}` };
}
