// Path parameters that a server would read as `.` or `..`: such a segment is removed, or removes the one before
// it, when the server normalises the path (RFC 3986 §5.2.4; the mock does), and the call reaches another
// operation than the one the caller named. The writings servers are known to fold into a dot segment are
// all read here: percent-escapes in any case, the value decoded up to three times (`%2e`, `%252E`), overlong UTF-8
// (`%C0%AE`), compatibility forms (full-width `．`, the one- and two-dot leaders), `\` and `/` as separators
// inside a value, a `;parameter` after the dots (`..;x`) and trailing dots and spaces (`...`, `. `), which
// Windows servers strip. Cheap on the common path: a segment with no `.`, `%`, `\` or non-ASCII is skipped.

/** The sent segment decoded up to this many times (a value decoded three times): `%252e` is `.` to a server that decodes twice. */
const DECODE_ROUNDS = 4;

const needsReading = (segment: string): boolean => {
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 46 || c === 37 || c === 92 || c > 127) return true; // . % \ non-ASCII
  }
  return false;
};

/** One round of percent-decoding into bytes (a malformed escape is kept as it is). */
function percentDecoded(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const hex = c === 37 ? Number.parseInt(text.slice(i + 1, i + 3), 16) : Number.NaN;
    if (!Number.isNaN(hex) && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(hex);
      i += 2;
    } else bytes.push(...Buffer.from(text[i] as string, 'utf8'));
  }
  return Buffer.from(bytes);
}

/** Overlong UTF-8 forms of `.` (which lenient decoders read as `.`), made the plain byte. */
function withoutOverlongDots(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const plain = text
    .replaceAll('\xf0\x80\x80\xae', '.')
    .replaceAll('\xe0\x80\xae', '.')
    .replaceAll('\xc0\xae', '.');
  return plain === text ? bytes : Buffer.from(plain, 'latin1');
}

/** The segment as a lenient server may read it: decoded while it changes, then compatibility-normalised. */
function readings(segment: string): string[] {
  const out: string[] = [];
  let text = segment;
  for (let round = 0; round <= DECODE_ROUNDS; round++) {
    out.push(text.normalize('NFKC'));
    if (!text.includes('%')) break;
    const next = withoutOverlongDots(percentDecoded(text)).toString('utf8');
    if (next === text) break;
    text = next;
  }
  return out;
}

/** Whether a piece between separators is dots only (after a `;parameter` and trailing spaces are cut). */
function isDots(piece: string): boolean {
  const semicolon = piece.indexOf(';');
  const name = (semicolon === -1 ? piece : piece.slice(0, semicolon)).trimEnd();
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) !== 46) return false;
  return true;
}

/** Whether a server that normalises paths may read `segment` (as sent) as a dot segment or hold one in it. */
export function isDotSegment(segment: string): boolean {
  if (!needsReading(segment)) return false;
  return readings(segment).some((text) => text.split(/[/\\]/).some(isDots));
}

/**
 * The path parameter of `template` whose segment in the sent path `sent` (path only, after the base path)
 * a server may read as a dot segment: its name, `''` when the segment is not one parameter's, or undefined.
 */
export function dotSegmentParameter(template: string, sent: string): string | undefined {
  const segments = sent.split('/');
  const parts = template.split('/');
  for (const [i, segment] of segments.entries()) {
    if (!isDotSegment(segment)) continue;
    const part = parts.length === segments.length ? (parts[i] as string) : '';
    const open = part.indexOf('{');
    return open === -1 ? '' : part.slice(open + 1, part.indexOf('}', open)).replace(/^[.;]|\*$/g, '');
  }
  return undefined;
}
