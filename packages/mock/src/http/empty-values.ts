// A header or query parameter sent with an empty value. Prism reads it as absent, so an optional one whose
// schema asks for `minLength: 1` (Open Finance Brasil's `x-fapi-customer-ip-address`, its
// `originalRecurringPaymentId`) sent empty got a 200. An empty field value is still a value sent (RFC 9110
// §5.5), and an empty query value is allowed only where the parameter says `allowEmptyValue` (OpenAPI's
// default: not): the contract forbids it, and the mock refuses it with a 400 naming the parameter, as a
// server that validates its parameters does (the mock's choice, docs/mock.md).
import type { Operation, Parameter } from '@banking-api/contract';
import { resolveSchema } from '@banking-api/contract';
import { validatorOf } from '@banking-api/contract/validators';
import { type ErrorEnvelope, envelope, type ViolationDetail } from './envelope.ts';

export interface SentValues {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw query string (without `?`). */
  query: string;
}

/** The 400 for the operation's header and query parameters sent empty that their schema refuses; none otherwise. */
export function emptyValueRefusal(op: Operation, sent: SentValues, path: string): ErrorEnvelope | undefined {
  let query: URLSearchParams | undefined;
  const details: ViolationDetail[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === 'query') query ??= new URLSearchParams(sent.query);
    const empty =
      parameter.in === 'header'
        ? sent.headers[parameter.name.toLowerCase()] === ''
        : parameter.in === 'query' && query?.getAll(parameter.name).includes('') === true;
    const why = empty ? refusalOfEmpty(parameter) : undefined;
    if (why === undefined) continue;
    const message = `The ${parameter.in} parameter ${parameter.name} is sent empty: ${why}.`;
    details.push({ location: parameter.in, field: parameter.name, code: 'invalid', message });
  }
  if (details.length === 0) return undefined;
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, details);
}

/** Why the parameter's string schema refuses an empty value; undefined when it takes one (or is no string). */
function refusalOfEmpty(parameter: Parameter): string | undefined {
  if (!parameter.schema || resolveSchema(parameter.schema).type !== 'string') return undefined;
  const validate = validatorOf(parameter.schema);
  return validate('') ? undefined : (validate.errors?.[0]?.message ?? 'is invalid');
}
