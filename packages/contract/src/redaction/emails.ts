// E-mail addresses: found from each `@` (decoded `%40` included), reading the local part back to the
// previous `@` at most and the domain forward to a character no domain has. Each character is read a
// bounded number of times, so the scan is linear however the text is made.
import { isDomainChar, isLocalChar } from './chars.js';
import type { Finding } from './finding.js';

export function scanEmails(text: string): Finding[] {
  const found: Finding[] = [];
  let floor = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > floor && isLocalChar(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && isDomainChar(text.charCodeAt(end))) end++;
    while (end > at + 1 && !isDomainEnd(text.charCodeAt(end - 1))) end--;
    const domain = text.slice(at + 1, end);
    if (start < at && domain.includes('.') && !domain.startsWith('.')) {
      found.push({ start, end, kind: 'email' });
      floor = end;
    } else floor = at + 1;
  }
  return found;
}

/** A domain ends on a letter or digit (a sentence's full stop is not part of it). */
function isDomainEnd(c: number): boolean {
  return c !== 46 && c !== 45;
}
