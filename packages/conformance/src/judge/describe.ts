// An answer in one line, as failures print it.
import type { Answer } from '../types.js';

/** Text cut to 300 characters: enough to see what came back, short enough for a report. */
export const clip = (text: string): string => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.mediaType || '(no content-type)'} ${clip(answer.text)}`.trim();
}
