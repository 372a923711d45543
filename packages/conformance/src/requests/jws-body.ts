// Bodies of the JOSE media types (`application/jwt`, `application/jose`, `application/*+jwt`: Open Finance
// Brasil's payments) travel as a compact JWS whose payload is the JSON value: what a server of such a
// contract reads (and what our mock expects: docs/mock.md "Another contract"). Signed ES256 with a key made
// for the run: the engine cannot hold the client's real signing key, so a server that checks signatures
// against a registered key refuses it, which is the server's right, and says so in its answer.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/** Whether a body of this media type is a compact JWS (its payload the JSON the schema describes). */
export const isJwsMediaType = (mediaType: string): boolean => {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/jwt' || type === 'application/jose' || /^application\/[^/]+\+jwt$/.test(type);
};

// Its own `kid`: the body is known as verify's, and its header never equals a token's (a report takes a
// run's token segments out by value, which would eat a body's identical header).
const HEADER = { alg: 'ES256', typ: 'JWT', kid: 'banking-api-verify' };
let key: KeyObject | undefined;
const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');

/** A compact JWS (ES256) whose payload is `value` as JSON. */
export function compactJws(value: unknown): string {
  key ??= generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const signingInput = `${b64url(JSON.stringify(HEADER))}.${b64url(JSON.stringify(value))}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${b64url(signature)}`;
}
