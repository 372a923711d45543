// Security headers of every answer of the docs server: the site runs only its own scripts (an inline one only
// by the hash of what the build wrote), loads only from itself, and is framed by no other site; the browser
// never guesses a type (nosniff) and sends no referrer out.
import { createHash } from 'node:crypto';

/** `'sha256-…'` of each inline script of a page (not JSON data blocks, which never run). */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The Content-Security-Policy of a page (its inline scripts allowed by hash) or of any other file. */
export function contentSecurityPolicy(html?: string): string {
  const scripts = ["'self'", ...(html ? inlineScriptHashes(html) : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries; `html` is the page's text when the answer is a page. */
export function securityHeaders(html?: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(html),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}
