// A parameter made required (breaks callers that leave it out) or optional (an addition: callers may now).
import type { ParameterRule } from '../rule.ts';

export const parameterRequired: ParameterRule = {
  level: 'parameter',
  name: 'parameter-required',
  produces: ['parameter-became-required', 'parameter-became-optional'],
  covers: ['an optional parameter made required: breaking; a required one made optional: non-breaking'],
  oasdiff: ['request-parameter-became-required', 'request-parameter-became-optional'],
  compare(before, after) {
    if (!before || !after || before.required === after.required) return [];
    const at = { side: 'head' as const, pointer: `${after.at}/required` };
    return after.required
      ? [
          {
            rule: 'parameter-became-required',
            message: 'Made required: callers must send it.',
            at,
            byRole: { send: 'major', read: 'patch' },
            oasdiff: 'request-parameter-became-required',
            everyCaller: true,
          },
        ]
      : [
          {
            rule: 'parameter-became-optional',
            message: 'Made optional.',
            at,
            byRole: { send: 'minor', read: 'patch' },
            oasdiff: 'request-parameter-became-optional',
          },
        ];
  },
};
