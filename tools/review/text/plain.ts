// Spec-written text made inert before it is put in a message: every character that moves a cursor, recolours
// a terminal, starts a new line or reorders what a reader sees (C0 and C1 controls, DEL, line and paragraph
// separators, bidirectional controls, a byte-order mark) is written out as `\u{…}`, lone surrogates become
// U+FFFD, and the text is cut to a readable length. What is left is printable on one line; each output format
// escapes it further for where it lands (formats/escape.ts).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it writes out
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The text on one printable line, control characters written out, at most `max` characters. */
export function visible(text: string, max = 200): string {
  const safe = text
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(UNSAFE, (c: string) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}

/**
 * Spec text as a code span of a message (`` `x-account-id` ``): made visible, its backticks turned into
 * quotes so that the span cannot end early. Renderers rely on every spec string being quoted this way.
 */
export const code = (text: string, max?: number): string => `\`${visible(text, max).replace(/`/g, "'")}\``;

/** A value as the spec wrote it, as a code span: JSON, cut to a readable length. */
export const shown = (value: unknown): string => code(JSON.stringify(value) ?? String(value), 80);
