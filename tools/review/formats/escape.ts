// Every output format's escaping, in one place, for text the spec (or a consumer's file name, a ref name, a
// lint message quoting the spec) wrote. Messages reach the formats as text with code spans: every spec string
// was quoted by text/plain.ts's `code` (printable, one line, no backtick), so the backticks of a message
// are exactly its spans' ends. Each format then escapes what is left for where it lands:
// - Markdown (the sticky pull-request comment): outside spans, every character Markdown or HTML reads
//   (`<`, `&`, `[`, `!`, `#`, `*`, `|`...) escaped, `@` kept from mentioning anyone, links kept from forming;
// - GitHub workflow commands: `%`, CR and LF encoded in data, and `:` and `,` in properties;
// - XML 1.0 (JUnit): characters XML 1.0 does not allow written out, markup escaped;
// - terminals: control characters, C1 and bidirectional controls written out (text/plain.ts).
import { visible } from '../text/plain.ts';

/** Splits a message into text and code-span parts; an unmatched backtick is text. */
export function spans(message: string): { code: boolean; text: string }[] {
  const parts = message.split('`');
  const out: { code: boolean; text: string }[] = [];
  parts.forEach((text, i) => {
    const code = i % 2 === 1 && i < parts.length - 1;
    if (!code && i % 2 === 1)
      out.push({ code: false, text: `\`${text}` }); // the unmatched one
    else out.push({ code, text });
  });
  return out;
}

/**
 * Punctuation Markdown reads inside a line: emphasis, code, links and images, tables, strikethrough, headings'
 * `#` (CommonMark lets each be backslash-escaped); `&<>` become entities. What only means something at the
 * start of a line (`-`, `+`, `1.`, `>`) is escaped there (a message may start a list item's text).
 */
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]!|~#]/g;
const LINE_START = /^([-+=]|\d+[.)])/;

/** Plain text for the Markdown comment: nothing in it becomes markup, HTML, a mention or a link. */
export function markdownText(text: string, max?: number): string {
  return visible(text, max)
    .replace(MARKDOWN_PUNCTUATION, '\\$&')
    .replace(LINE_START, '\\$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '@\u2060') // a word joiner: `@team` no longer mentions anyone
    .replace(/(www|http|https|ftp)/gi, '$1\u2060'); // no autolink (GFM links bare www. and scheme://)
}

/** A code span for the Markdown comment; `inTable`: its pipes escaped (GFM splits table cells first). */
export function markdownCode(text: string, inTable = false): string {
  const inner = visible(text).replace(/`/g, "'");
  return `\`${inTable ? inner.replace(/\|/g, '\\|') : inner}\``;
}

/** A message (text with code spans) for the Markdown comment. */
export function markdownMessage(message: string, inTable = false): string {
  return spans(message)
    .map((p) => (p.code ? markdownCode(p.text, inTable) : markdownText(p.text, 2000)))
    .join('');
}

/** Characters XML 1.0 allows (§2.2): tab, LF, CR, and the rest above the C0 controls, surrogates and U+FFFE/F aside. */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text for an XML 1.0 document, as element content or attribute value (both quote kinds escaped). */
export function xmlText(text: string, attribute = false): string {
  const safe = text
    .replace(NOT_XML, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
  return attribute ? safe.replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;') : safe;
}

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts (escapeData, escapeProperty)
export const commandData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const commandProperty = (s: string) => commandData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Text for a terminal or a CI log: each line made visible (no escape sequence, bidi control or C1). */
export const terminalText = (text: string): string =>
  text
    .split('\n')
    .map((line) => visible(line, 4000))
    .map((line) => (line.startsWith('::') ? ` ${line}` : line)) // never a workflow command
    .join('\n');
