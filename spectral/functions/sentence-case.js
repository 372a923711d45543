// Summaries in sentence case: "Create due-dated Pix QR code", not "Create Due-Dated Pix QR Code".
// Acronyms (all capitals) and the proper nouns listed in the options may keep their capitals.
import { createRulesetFunction } from '@stoplight/spectral-core';

export default createRulesetFunction(
  {
    input: { type: 'string' },
    options: {
      type: ['object', 'null'],
      properties: { properNouns: { type: 'array', items: { type: 'string' } } },
    },
  },
  (summary, options) => {
    const properNouns = new Set(options?.properNouns ?? []);
    if (!/^[A-Z]/.test(summary))
      return [{ message: `Summary must start with a capital letter: "${summary}".` }];
    const titled = summary
      .split(/\s+/)
      .slice(1)
      .filter((word) => /^[A-Z][a-z]/.test(word) && !properNouns.has(word.replace(/[^\p{L}]+$/u, '')));
    return titled.length
      ? [{ message: `Summary must be sentence case; lower-case ${titled.map((w) => `"${w}"`).join(', ')}.` }]
      : [];
  },
);
