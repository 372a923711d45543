// Coverage of how a body travels: a JSON media type with a parameter (`; charset=utf-8`, which .NET clients
// send and a server must take), the wrong kind of body (JSON to an operation that takes a form, a form to
// one that takes JSON), and no body where one is required.
import { isJsonMediaType, type Operation } from '@banking-api/contract';
import type { EncodedBody } from '../types.js';
import type { CoverageCase } from './case.js';

const place = 'media type';

export function mediaCases(
  op: Operation,
  body: EncodedBody | undefined,
  present: Set<string>,
): CoverageCase[] {
  const content = op.requestBody?.content ?? [];
  if (content.length === 0) return [];
  const cases: CoverageCase[] = [];
  const takesJson = content.some((m) => isJsonMediaType(m.mediaType));
  const kind = (label: string, sent: EncodedBody): CoverageCase => ({
    place,
    keyword: 'content type',
    positive: false,
    label: `${label} (the operation takes ${content.map((m) => m.mediaType).join(' or ')})`,
    anyRefusal: true, // 400 or 415: the contract leaves which to the server
    refusal: 'media-type',
    apply: (base) => ({ ...base, body: sent }),
  });
  present.add(`${place}:content type`);
  if (body && isJsonMediaType(body.contentType.split(';')[0] ?? '')) {
    present.add(`${place}:parameters`);
    const withCharset = { ...body, contentType: `${body.contentType}; charset=utf-8` };
    cases.push({
      place,
      keyword: 'parameters',
      positive: true,
      label: `content-type ${withCharset.contentType}`,
      apply: (base) => ({ ...base, body: withCharset }),
    });
  }
  if (!takesJson) cases.push(kind('a JSON body', { contentType: 'application/json', text: '{"a":1}' }));
  else cases.push(kind('a form body', { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' }));
  if (op.requestBody?.required) {
    present.add('body:required');
    cases.push({
      place: 'body',
      keyword: 'required',
      positive: false,
      label: 'no body (the body is required)',
      apply: ({ body: _, ...base }) => base,
    });
  }
  return cases;
}
