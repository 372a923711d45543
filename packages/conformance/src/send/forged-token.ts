// Tokens forged from a real one, to see that a server checks what it is given: the signature replaced by
// one of the same length that cannot verify, the header swapped for `alg: none` with no signature, and the
// signature stripped. Each is also written as a shell expression over $TOKEN, for a reproducer.
import type { ForgedToken } from '../types.js';

/** `{"alg":"none","typ":"JWT"}` in base64url. */
const NONE_HEADER = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0';

/** True when `token` has the shape of a JWS in compact form: header.payload.signature. */
export const isCompactJws = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

export function forgeToken(kind: ForgedToken, token: string): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  if (kind === 'altered-signature') return `${header}.${payload}.${'A'.repeat(signature.length)}`;
  if (kind === 'alg-none') return `${NONE_HEADER}.${payload}.`;
  return `${header}.${payload}.`;
}

/** The same token as a POSIX shell expression over "$TOKEN" (for a curl header in double quotes). */
export function forgedTokenShell(kind: ForgedToken): string {
  if (kind === 'altered-signature') return `\${TOKEN%.*}.$(printf %s "\${TOKEN##*.}" | tr -c '\\n' A)`;
  if (kind === 'alg-none') return `${NONE_HEADER}.$(printf %s "$TOKEN" | cut -d. -f2).`;
  return `\${TOKEN%.*}.`;
}
