// A body in the media type an answer declares, for any contract: Prism's serializers know JSON, XML and
// text, and threw on anything else ("Cannot find serializer for application/jose": a 500 for every answer of
// the Pix API's payload locations). JWS and JWT types are a compact JWS of the example (pki/jws.ts), a form
// is URL-encoded, and anything else is its text as given (a string or bytes) or, failing that, its JSON.
import { serialize } from '@stoplight/prism-http-server/dist/serialize.js';
import type { JoseSigner } from '../pki/jws.ts';

const joseType = /^application\/(?:jose|jwt|[\w.-]+\+jwt)\s*(?:;|$)/i;
const formType = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** `application/jose`, `application/jwt` and `application/*+jwt`: a compact JWS on the wire. */
export const isJoseType = (mediaType: string): boolean => joseType.test(mediaType);

/** The answer's bytes for `body` as `contentType`; never throws on a media type. */
export function bodyText(
  body: unknown,
  contentType: string | undefined,
  sign: JoseSigner | undefined,
): string | Buffer | undefined {
  if (body === undefined || body === null) return contentType ? serialize(body, contentType) : undefined;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (!contentType || !/json/i.test(contentType)) return body;
  }
  if (contentType && isJoseType(contentType) && sign)
    return sign(body, /jwt/i.test(contentType) ? 'JWT' : 'JOSE');
  if (contentType && formType.test(contentType) && typeof body === 'object')
    return formEncoded(body as Record<string, unknown>);
  try {
    return serialize(body, contentType) as string | undefined;
  } catch {
    return JSON.stringify(body);
  }
}

/** An object as `application/x-www-form-urlencoded`, nested keys in brackets (`a[b]=1`, `a[0]=x`). */
function formEncoded(value: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, item: unknown): void => {
    if (item === undefined || item === null) return;
    if (typeof item === 'object') {
      for (const [name, inner] of Object.entries(item)) add(`${key}[${name}]`, inner);
    } else params.append(key, String(item));
  };
  for (const [name, item] of Object.entries(value)) add(name, item);
  return params.toString();
}
