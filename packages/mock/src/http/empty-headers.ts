// A header parameter sent with an empty value. Prism reads it as absent, so an optional header whose schema
// asks for `minLength: 1` (Open Finance Brasil's `x-fapi-customer-ip-address`) sent empty got a 200. An empty
// field value is still a value sent (RFC 9110 §5.5), and the contract forbids it: the mock refuses it with a
// 400 naming the header, as a server that validates its headers does (the mock's choice, docs/mock.md).
// Query parameters are left alone: an empty `?name=` is OpenAPI's `allowEmptyValue` question.
import type { Operation } from '@banking-api/contract';
import { resolveSchema } from '@banking-api/contract';
import { validatorOf } from '@banking-api/contract/validators';
import { type ErrorEnvelope, envelope, type ViolationDetail } from './envelope.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** The 400 for the operation's header parameters sent empty that their schema refuses; none otherwise. */
export function emptyHeaderRefusal(op: Operation, headers: Headers, path: string): ErrorEnvelope | undefined {
  const details: ViolationDetail[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in !== 'header' || headers[parameter.name.toLowerCase()] !== '') continue;
    if (!parameter.schema || resolveSchema(parameter.schema).type !== 'string') continue;
    const validate = validatorOf(parameter.schema);
    if (validate('')) continue;
    const why = validate.errors?.[0]?.message ?? 'is invalid';
    const message = `The header ${parameter.name} is sent empty: ${why}.`;
    details.push({ location: 'header', field: parameter.name, code: 'invalid', message });
  }
  if (details.length === 0) return undefined;
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, details);
}
