// The Bearer credential of a request, read one way wherever the mock reads it (admission, the body Prism
// gets, the proxy's upstream).
/**
 * The credential of an `Authorization: Bearer <token>` header, or '' when there is none. The scheme is
 * case-insensitive (RFC 9110 §11.1): `bearer`, `BEARER` and `Bearer` are the same.
 */
export function bearerCredential(authorization: string | undefined): string {
  if (!authorization) return '';
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== 'bearer') return '';
  return authorization.slice(space + 1).trim();
}
