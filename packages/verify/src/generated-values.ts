// Values verify generated itself (an id made from a pattern, a coverage case's value: Probe.generated) are
// test data, not personal data or a secret, however they look (32 random letters and digits pass for a
// token): a reproducer keeps them as sent, and the report's path shows them, so a pasted command reaches
// the same resource. They are shielded from the redaction: each occurrence is swapped for a mark, the
// redaction runs, the marks are swapped back. Real tokens and personal data are still replaced.

// A private-use character (none the engine sends) around a letter index: no redaction pattern reads it.
const MARK = '\uE001';
/** Shorter values are never shielded: a short one could split a real CPF's digits and hide it. */
const MIN_LENGTH = 6;

/** The forms a generated value travels in: as it is, and percent-encoded in a path segment. */
function formsOf(values: readonly string[]): string[] {
  const forms = values.filter((v) => v.length >= MIN_LENGTH).flatMap((v) => [v, encodeURIComponent(v)]);
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

const markOf = (i: number) =>
  `${MARK}${String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(i / 26))}${MARK}`;

/** `redact` applied to `text` with the generated `values` in it left as they are. */
export function shielded(
  text: string,
  values: readonly string[] | undefined,
  redact: (t: string) => string,
): string {
  const forms = formsOf(values ?? []);
  if (forms.length === 0) return redact(text);
  let marked = text;
  forms.forEach((form, i) => {
    marked = marked.replaceAll(form, markOf(i));
  });
  let out = redact(marked);
  forms.forEach((form, i) => {
    out = out.replaceAll(markOf(i), form);
  });
  return out;
}
