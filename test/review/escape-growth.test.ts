// The review's escaping runs over text a pull request wrote (an operationId, a description, a consumer's file
// name): each of its patterns costs CPU time linear in that text, measured on the inputs that would make a
// backtracking pattern quadratic (long runs of what a pattern starts on, lone surrogates, backticks, lines),
// uncut where the escaper cuts its output (the patterns run before the cut).
import { describe, expect, test } from 'vitest';
import {
  commandProperty,
  markdownMessage,
  markdownText,
  terminalText,
  xmlText,
} from '../../tools/review/formats/escape.ts';
import { visible } from '../../tools/review/text/plain.ts';
import { linearGrowth } from '../support/growth.ts';

/** Each escaper, and the text that would cost it most. */
const cases: Record<string, [(n: number) => string, (text: string) => unknown]> = {
  'visible, lone surrogates and controls': [
    (n) => '\ud800a\udc00\u202e'.repeat(n / 4),
    (t) => visible(t, Infinity),
  ],
  'markdown message, backticks and punctuation': [(n) => '`a`*['.repeat(n / 5), (t) => markdownMessage(t)],
  'markdown text uncut, a run of digits': [(n) => `${'1'.repeat(n)}x`, (t) => markdownText(t, Infinity)],
  'XML text, characters XML forbids': [(n) => '\u0000<&\ufffe'.repeat(n / 4), (t) => xmlText(t, true)],
  'workflow command property': [(n) => '%:,\r\n'.repeat(n / 5), commandProperty],
  'terminal text, many lines': [(n) => '::x\n'.repeat(n / 4), terminalText],
};

describe('the review escapes spec text in linear time', () => {
  test.each(Object.keys(cases))('%s: CPU time grows linearly with the input', (name) => {
    const [make, work] = cases[name] as [(n: number) => string, (text: string) => unknown];
    const growth = linearGrowth(make, work, 2_000);
    expect(growth.ratio, growth.summary).toBeLessThan(growth.limit);
  });
});
