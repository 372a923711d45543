// Secrets the caller knows by value (the tokens it sends), found wherever they stand: as written, and in
// the decoded view also percent-encoded or `\uXXXX`-escaped; `\/` as some JSON writers escape a slash.
// One indexOf sweep per form, so linear in the text for the handful of values a caller has.
import type { Finding } from './finding.js';

/** Shorter values are no credentials (and would take whole words out of a report). */
export const MIN_KNOWN_SECRET = 6;

/** The forms of `values` to look for in the decoded view. */
export function knownSecretForms(values: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    if (value.length < MIN_KNOWN_SECRET) continue;
    forms.add(value);
    forms.add(value.replaceAll('/', '\\/'));
  }
  return [...forms];
}

export function scanKnownSecrets(text: string, forms: readonly string[]): Finding[] {
  const found: Finding[] = [];
  for (const form of forms)
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + form.length))
      found.push({ start: at, end: at + form.length, kind: 'secret' });
  return found;
}
