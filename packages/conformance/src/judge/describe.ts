// An answer in one line, as failures print it.
import { redact } from '@banking-api/contract';
import type { Answer } from '../types.js';

/**
 * Text redacted, then cut to 300 characters: enough to see what came back, short enough for a report. In
 * that order: a cut made first could leave half a CPF or an e-mail address the redaction no longer knows.
 */
export const clip = (text: string): string => {
  const redacted = redact(text);
  return redacted.length > 300 ? `${redacted.slice(0, 300)}…` : redacted;
};

export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.mediaType || '(no content-type)'} ${clip(answer.text)}`.trim();
}
