// Parameters that come or go. A required parameter added breaks every caller (they do not send it yet); an
// optional one is an addition. A removed parameter breaks callers of the generated client (its
// `params.<in>` field is gone, so calls that set it stop compiling) and any caller whose value the server
// now ignores. Moving a parameter from query to header is one removed and one added.
import type { Fact } from '../../compare/facts.ts';
import type { EffectiveParameter } from '../../effective/parameter-view.ts';
import { code } from '../../text/plain.ts';
import type { ParameterRule } from '../rule.ts';

const label = (p: EffectiveParameter) => `${p.in} parameter ${code(p.name)}`;

export const parameterExistence: ParameterRule = {
  level: 'parameter',
  name: 'parameter-existence',
  produces: ['parameter-added', 'parameter-removed'],
  covers: [
    'a required parameter added: breaking; an optional one: non-breaking',
    'a parameter removed (also one moved from query to header: removed there, added here): breaking',
  ],
  oasdiff: [
    'new-required-request-parameter',
    'new-optional-request-parameter',
    'new-request-path-parameter',
    'request-parameter-removed',
  ],
  compare(before, after) {
    if (after && !before) {
      const required = after.required;
      const fact: Fact = {
        rule: 'parameter-added',
        message: `${required ? 'Required' : 'Optional'} ${label(after)} added${required ? ': callers must send it' : ''}.`,
        at: { side: 'head', pointer: after.at },
        byRole: { send: required ? 'major' : 'minor', read: 'minor' },
        oasdiff:
          after.in === 'path'
            ? 'new-request-path-parameter'
            : required
              ? 'new-required-request-parameter'
              : 'new-optional-request-parameter',
        ...(required && { everyCaller: true }),
      };
      return [fact];
    }
    if (before && !after)
      return [
        {
          rule: 'parameter-removed',
          message: `${label(before)[0]?.toUpperCase()}${label(before).slice(1)} removed.`,
          at: { side: 'base', pointer: before.at },
          byRole: { send: 'major', read: 'patch' },
          oasdiff:
            before.node.deprecated === true
              ? 'request-parameter-removed-with-deprecation'
              : 'request-parameter-removed',
        },
      ];
    return [];
  },
};
