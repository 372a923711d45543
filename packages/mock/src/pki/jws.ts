// Compact JWS the mock writes where a contract answers `application/jose` or `application/jwt` (the Pix
// API's payload locations, Open Finance Brasil's bodies): the contract's example is the payload, signed
// ES256 with the PKI folder's token key, so a client can read it and verify it with the mock's public key
// (the mock's choice: the contract's own signer is a real participant's key nobody here holds).
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';

/** Signs a payload into a compact JWS (synchronously: an answer is serialized in one step). */
export type JoseSigner = (payload: unknown, typ: string) => string;

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function joseSigner(privateKeyPem: string): JoseSigner {
  let key: KeyObject | undefined;
  return (payload, typ) => {
    key ??= createPrivateKey(privateKeyPem);
    const signingInput = `${part({ alg: 'ES256', typ })}.${part(payload)}`;
    const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
    return `${signingInput}.${signature.toString('base64url')}`;
  };
}

const compact = /^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/;

/**
 * The payload of a compact JWS sent as a request body, parsed as JSON: what the contract's schema describes
 * (its signature is not checked: the mock cannot know the sender's key). Undefined when the text is no
 * compact JWS with a JSON payload.
 */
export function josePayload(text: string): { payload: unknown } | undefined {
  const payload = compact.exec(text.trim())?.[1];
  if (payload === undefined) return undefined;
  try {
    return { payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) };
  } catch {
    return undefined;
  }
}
