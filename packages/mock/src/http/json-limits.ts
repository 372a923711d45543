// Limits on a JSON body, checked on its bytes before anything parses, validates or keeps it: a body
// nested deeper than any reader can take (a stored one would fail every later read) or larger than a
// JSON request of this API needs, and one whose bytes are not UTF-8 (two such bodies would read the same).
import { isUtf8 } from 'node:buffer';
import type { Limits } from '../api/limits.ts';
import { type ErrorEnvelope, envelope } from './envelope.ts';

/** The deepest nesting of objects and arrays in JSON text, stopping once past `max`. Linear. */
export function jsonDepthExceeds(bytes: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

/** Why a JSON body is refused before parsing, if it is. */
export function jsonLimitRefusal(
  bytes: Buffer,
  limits: Pick<Limits, 'maxJsonDepth' | 'maxJsonBytes'>,
  path: string,
): ErrorEnvelope | undefined {
  if (bytes.length > limits.maxJsonBytes)
    return envelope(
      413,
      'PAYLOAD_TOO_LARGE',
      `A JSON body may have at most ${limits.maxJsonBytes} bytes.`,
      path,
    );
  const problem = !isUtf8(bytes)
    ? { code: 'invalid_utf8', message: 'The body is not valid UTF-8 (JSON must be).' }
    : jsonDepthExceeds(bytes, limits.maxJsonDepth)
      ? {
          code: 'too_deep',
          message: `The body nests objects and arrays deeper than ${limits.maxJsonDepth} levels.`,
        }
      : undefined;
  if (!problem) return undefined;
  return envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', path, [
    { location: 'body', ...problem },
  ]);
}
