// The tokens of a run, taken out of everything verify writes. The shared redaction knows a token by its
// look (a JWT, a long mixed-case string); a server that echoes an opaque one (64 lower-case hex digits,
// say) would otherwise have it printed. Verify knows the real values, so it removes them by value, in any
// form (createSecretScrubber: as written, percent-encoded, JSON-escaped).

import type { Answer, Send } from '@banking-api/conformance';
import { createSecretScrubber } from '@banking-api/contract';
import type { CliOptions } from './options.js';
import type { Report } from './runner.js';

/** A JWS's segments are secrets of their own too: a server may echo only the signature. */
const withSegments = (token: string) => [token, ...token.split('.').filter((part) => part.length >= 16)];

/** Every token the options hold. */
export function tokensOf(options: Partial<CliOptions>): string[] {
  const tokens = [
    options.token,
    options.unscopedToken,
    options.expiredToken,
    options.otherEnvToken,
    options.parity?.token,
  ];
  return tokens.filter((t): t is string => Boolean(t)).flatMap(withSegments);
}

/** Removes the run's tokens from a text. */
export type Scrub = (text: string) => string;

export const scrubberOf = (options: Partial<CliOptions>): Scrub => createSecretScrubber(tokensOf(options));

/** The report with the run's tokens taken out of every string (keys too); its shape stays. */
export function scrubReport(report: Report, scrub: Scrub): Report {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [scrub(key), walk(v)]));
  };
  return walk(report) as Report;
}

/**
 * `send` whose answers have the run's tokens taken out before any check reads them: the checks redact what
 * they keep by pattern first, and a pattern that matched part of a token (a digit run inside it) left the rest
 * of it for the by-value pass to miss.
 */
export function scrubbingAnswers(send: Send, scrub: Scrub): Send {
  return async (probe) => {
    const answer = await send(probe);
    const headers = Object.fromEntries(
      Object.entries(answer.headers).map(([name, value]) => [name, scrub(value)]),
    );
    return { ...answer, headers, text: scrub(answer.text) } satisfies Answer;
  };
}
