// An `application/x-www-form-urlencoded` body checked before Prism: read by the contract's schema and
// `encoding` (form-body.ts in @banking-api/contract, the reader verify's writer agrees with) and judged whole
// against the schema. Prism's own reader builds a nested field only where the schema says `type: object` or
// `array` right there, so a field behind an alternative (Stripe's `anyOf: [object, ""]`, on nearly every
// nested field) went unread and a missing nested required field passed.
import { decodeForm, FormBodyError, type MediaType } from '@banking-api/contract';
import { validatorOf } from '@banking-api/contract/validators';
import type { ViolationDetail } from './envelope.ts';

/** How many violations a refusal lists (a wide form can break in many places at once). */
const MAX_DETAILS = 20;

export type UrlencodedRead =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; details: ViolationDetail[] };

/** The form read by `media`'s schema, or its violations of that schema. */
export function readUrlencoded(bytes: Buffer, media: MediaType): UrlencodedRead {
  let value: Record<string, unknown>;
  try {
    value = decodeForm(media, bytes.toString('utf8'));
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    const message = `The form body cannot be read: ${error.message}.`;
    return { ok: false, details: [{ location: 'body', code: 'invalid_form', message }] };
  }
  if (!media.schema) return { ok: true, value };
  const validate = validatorOf(media.schema, 'request');
  if (validate(value)) return { ok: true, value };
  return { ok: false, details: detailsOf(validate.errors ?? []) };
}

function detailsOf(errors: NonNullable<ReturnType<typeof validatorOf>['errors']>): ViolationDetail[] {
  return errors.slice(0, MAX_DETAILS).map((e) => {
    const missing = e.keyword === 'required' ? [String(e.params.missingProperty)] : [];
    const field = [...e.instancePath.split('/').slice(1), ...missing].map(unescaped).join('.');
    return {
      location: 'body',
      ...(field ? { field } : {}),
      code: e.keyword,
      message: `${field || 'body'} ${e.message ?? 'is invalid'}`,
    };
  });
}

const unescaped = (key: string): string => key.replaceAll('~1', '/').replaceAll('~0', '~');
