// Server-derived text as the terminal, CI logs and JUnit show it: on one line, with nothing a terminal or a
// CI runner acts on. A newline becomes `\n` (so a server cannot print a line of its own, such as a verdict
// or a `::warning` workflow command), and every other control character (C0, DEL, C1, line and paragraph
// separators, bidirectional overrides) is written as its escape. One pass, no patterns.

const NAMED: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' };

/** Characters a terminal or a log viewer would act on rather than show. */
export function isUnprintable(c: number): boolean {
  return (
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0x200e ||
    c === 0x200f ||
    c === 0x061c
  );
}

const escapeOf = (c: number) => NAMED[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;

/** `text` on one line, its unprintable characters escaped. */
export function oneLine(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isUnprintable(c)) continue;
    out += text.slice(from, i) + escapeOf(c);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** JSON text with the unprintable characters JSON.stringify leaves raw (DEL, C1, U+2028...) as `\uXXXX`. */
export function jsonWithEscapes(json: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 0x7f || !isUnprintable(c)) continue;
    out += `${json.slice(from, i)}\\u${c.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? json : out + json.slice(from);
}
