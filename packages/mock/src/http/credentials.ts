// Where a security scheme's credential is in a request, for every scheme type OpenAPI has: the
// `Authorization` header for http schemes (Bearer for http bearer, OAuth 2 and OpenID Connect, RFC 6750; the
// user name or password of Basic), the named header, query parameter or cookie of an apiKey. mutualTLS is the
// connection's certificate (admission reads it). Names are compared as HTTP does: headers case-insensitively.
import type { SecurityScheme } from '@banking-api/contract';
import { bearerCredential } from './bearer.ts';

export interface CredentialSource {
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The raw query string (without `?`). */
  query: string;
}

/**
 * The values that may be the scheme's credential (Basic gives two: its user name and its password, either of
 * which may carry the token), or none when the request sends none.
 */
export function credentialsOf(scheme: SecurityScheme | undefined, source: CredentialSource): string[] {
  if (!scheme) return [];
  if (scheme.type === 'apiKey') return apiKeyOf(scheme, source);
  const authorization = first(source.headers.authorization);
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return basicOf(authorization);
  if (scheme.type === 'http' && scheme.scheme && scheme.scheme.toLowerCase() !== 'bearer')
    return schemeCredential(authorization, scheme.scheme);
  const bearer = bearerCredential(authorization);
  return bearer ? [bearer] : [];
}

/** What to send for the scheme, said in a 401. */
export function howToSend(scheme: SecurityScheme | undefined): string {
  if (scheme?.type === 'apiKey') return `Send the API key in the ${scheme.in} ${scheme.parameterName}.`;
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
    return 'Send Basic credentials carrying a token of this mock as the user name or the password: Authorization: Basic <base64 of user:password>.';
  if (scheme?.type === 'http' && scheme.scheme && scheme.scheme.toLowerCase() !== 'bearer')
    return `Send Authorization: ${scheme.scheme} <token>.`;
  return 'Send a Bearer token: Authorization: Bearer <token>.';
}

/**
 * The `WWW-Authenticate` challenge of the scheme: Basic with a realm (RFC 7617), Bearer for http bearer,
 * OAuth 2 and OpenID Connect (RFC 6750), another http scheme by its name; none for an apiKey or mutualTLS,
 * which no HTTP authentication scheme names.
 */
export function challengeOf(scheme: SecurityScheme | undefined): string | undefined {
  if (!scheme || scheme.type === 'apiKey' || scheme.type === 'mutualTLS') return undefined;
  const name = scheme.type === 'http' ? (scheme.scheme ?? 'bearer').toLowerCase() : 'bearer';
  if (name === 'basic') return 'Basic realm="mock", charset="UTF-8"';
  if (name === 'bearer') return 'Bearer';
  return /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name) ? name : undefined; // a token (RFC 9110), else none
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function apiKeyOf(scheme: SecurityScheme, source: CredentialSource): string[] {
  const name = scheme.parameterName ?? '';
  if (scheme.in === 'header') return present(first(source.headers[name.toLowerCase()]));
  if (scheme.in === 'query') return present(new URLSearchParams(source.query).get(name) ?? undefined);
  if (scheme.in === 'cookie') return present(cookieOf(first(source.headers.cookie), name));
  return [];
}

function present(value: string | undefined): string[] {
  const trimmed = value?.trim();
  return trimmed ? [trimmed] : [];
}

/** A cookie's value by name, from a `Cookie` header (`a=1; b=2`). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Basic's user name and password (RFC 7617), either of which may be the token; none if it is no Basic. */
function basicOf(authorization: string | undefined): string[] {
  const [encoded] = schemeCredential(authorization, 'basic');
  if (!encoded) return [];
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const parts = colon < 0 ? [decoded] : [decoded.slice(colon + 1), decoded.slice(0, colon)];
  return parts.filter(Boolean);
}

/** The credential of `Authorization: <scheme> <credential>`, the scheme's name case-insensitive. */
function schemeCredential(authorization: string | undefined, scheme: string): string[] {
  if (!authorization) return [];
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return [];
  return present(authorization.slice(space + 1));
}
