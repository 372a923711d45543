// One reading of the request target (RFC 9112 §3.2, RFC 3986 §6). The gateway reads it once, here, and
// routes, authorizes and hands Prism the same normalized path: no later step may read the target
// differently, which is how encodings such as `/hb/webhook/%6cogs` or `/hb/x/../webhook/logs` slipped
// past the scope check while Prism still served them.

export type Target =
  /** A resource: `path` is normalized and canonically encoded; `query` is as sent (without `?`). */
  | { kind: 'resource'; path: string; query: string; sent: string }
  /** `*` (asterisk-form): names the server, not a resource. */
  | { kind: 'asterisk'; sent: string }
  /** Nothing safe can be routed: answered 400 with `reason`. */
  | { kind: 'malformed'; reason: string; sent: string };

// RFC 3986 pchar without pct-encoded: unreserved, sub-delims, ':' and '@'.
const pcharOrSlash = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
// A query also takes `[` and `]` as they come: RFC 3986 reserves them for hosts, but WHATWG URL (browsers,
// Node, undici, curl) sends them unescaped, and deepObject parameters are written with them (`expand[]=x`,
// `created[gt]=1`: Stripe's).
const queryChars = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%[\]]*$/;
const percentEscape = /%(?![0-9A-Fa-f]{2})/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const controlChars = /[\u0000-\u001f\u007f]/;
const absoluteForm = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/[^/?#]*/;

/** A target naming a resource: the only kind routed to an operation. */
export type ResourceTarget = Extract<Target, { kind: 'resource' }>;

/** Reads `url` as the request line gave it. */
export function readTarget(url: string): Target {
  if (url === '*') return { kind: 'asterisk', sent: url };
  const origin = originForm(url);
  if (typeof origin !== 'string') return { kind: 'malformed', reason: origin.reason, sent: url };
  const query = origin.indexOf('?');
  const rawPath = query === -1 ? origin : origin.slice(0, query);
  const rawQuery = query === -1 ? '' : origin.slice(query + 1);
  const path = normalizePath(rawPath);
  if (typeof path !== 'string') return { kind: 'malformed', reason: path.reason, sent: rawPath };
  if (!queryChars.test(rawQuery) || percentEscape.test(rawQuery))
    return {
      kind: 'malformed',
      reason: 'The query has a character or escape URIs do not allow.',
      sent: rawPath,
    };
  return { kind: 'resource', path, query: rawQuery, sent: rawPath };
}

/** The path of a target as it would be sent, e.g. for an envelope's `path`: without query or authority. */
export function sentPath(url: string): string {
  const origin = originForm(url);
  const text = typeof origin === 'string' ? origin : url;
  const query = text.indexOf('?');
  return query === -1 ? text : text.slice(0, query);
}

/** The origin-form part (`/path?query`) of an origin- or absolute-form target. */
function originForm(url: string): string | { reason: string } {
  if (url.startsWith('/')) return url;
  const absolute = absoluteForm.exec(url);
  if (!absolute) return { reason: 'The request target is neither a path nor an absolute http(s) URL.' };
  const scheme = (absolute[1] as string).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https')
    return { reason: `The request target's scheme ${scheme} is not http.` };
  const rest = url.slice(absolute[0].length);
  if (rest.startsWith('#')) return { reason: 'A request target has no fragment.' };
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * The path with escapes of unreserved characters decoded, dot segments removed and repeated slashes
 * folded, every segment canonically re-encoded; or why it cannot be read. Escapes that would change the
 * path's structure (`%2F`, `%5C`, an encoded `.` or `..` segment) and escapes of no character (`%ZZ`,
 * overlong UTF-8 like `%C0%AE`, control characters like `%00`) are refused rather than guessed at.
 */
export function normalizePath(rawPath: string): string | { reason: string } {
  if (!pcharOrSlash.test(rawPath)) return { reason: 'The path has a character URIs do not allow.' };
  if (percentEscape.test(rawPath)) return { reason: 'The path has a malformed percent-escape.' };
  const out: string[] = [];
  const segments = rawPath.split('/').slice(1);
  for (const [i, raw] of segments.entries()) {
    const decoded = decodeSegment(raw);
    if (typeof decoded !== 'string') return decoded;
    if (decoded === '..') out.pop();
    else if (decoded !== '.' && (decoded !== '' || i === segments.length - 1))
      out.push(encodeSegment(decoded));
  }
  return `/${out.join('/')}`;
}

function decodeSegment(raw: string): string | { reason: string } {
  if (!raw.includes('%')) return raw;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { reason: 'The path has a percent-escape that is not UTF-8 (or is overlong UTF-8).' };
  }
  if (controlChars.test(decoded)) return { reason: 'The path has an escaped control character.' };
  if (decoded.includes('/') || decoded.includes('\\'))
    return { reason: 'The path has an escaped slash or backslash inside a segment.' };
  if (decoded === '.' || decoded === '..') return { reason: 'The path has an escaped dot segment.' };
  return decoded;
}

/** A decoded segment in one canonical spelling: pchar as is, everything else escaped (upper-case hex). */
function encodeSegment(decoded: string): string {
  return encodeURIComponent(decoded).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (pchar) =>
    decodeURIComponent(pchar),
  );
}
