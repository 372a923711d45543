// Response headers, by name case-insensitively: one removed breaks readers that rely on it (oasdiff:
// required-response-header-removed; an optional one is still relied on when sent); one made optional breaks
// them too; one added or made required is an addition; a name changed only in case is the same header
// (info). A header shared through `components/headers` lands on every operation using it.
import type { Fact } from '../../compare/facts.ts';
import { code } from '../../text/plain.ts';
import { documentationFact } from '../docs-facts.ts';
import type { HeaderRule } from '../rule.ts';

export const responseHeaders: HeaderRule = {
  level: 'header',
  name: 'response-headers',
  produces: [
    'response-header-removed',
    'response-header-added',
    'response-header-became-optional',
    'response-header-became-required',
    'header-name-case-changed',
    'documentation-changed',
  ],
  covers: [
    'a response header removed or made optional: breaking for readers; added or made required: non-breaking',
    'a shared header (`components/headers`) changed: named under every operation whose responses use it',
    'a response header name changed only in case: info',
  ],
  oasdiff: [
    'required-response-header-removed',
    'optional-response-header-removed',
    'response-header-became-optional',
    'response-header-added',
  ],
  compare(before, after) {
    if (before && !after)
      return [
        {
          rule: 'response-header-removed',
          message: `Header ${code(before.name)} removed.`,
          at: { side: 'base', pointer: before.at },
          byRole: { send: 'patch', read: 'major' },
          oasdiff:
            before.node.required === true
              ? 'required-response-header-removed'
              : 'optional-response-header-removed',
        },
      ];
    if (after && !before)
      return [
        {
          rule: 'response-header-added',
          message: `Header ${code(after.name)} added.`,
          at: { side: 'head', pointer: after.at },
          byRole: { send: after.node.required === true ? 'major' : 'minor', read: 'minor' },
          oasdiff: 'response-header-added',
        },
      ];
    if (!before || !after) return [];
    const facts: Fact[] = [];
    if (before.name !== after.name)
      facts.push({
        rule: 'header-name-case-changed',
        message: `Response header ${code(before.name)} is now spelled ${code(after.name)}: the same header on the wire (read case-insensitively).`,
        at: { side: 'head', pointer: after.at },
        impact: 'patch',
      });
    const [a, b] = [before.node.required === true, after.node.required === true];
    if (a !== b)
      facts.push(
        b
          ? {
              rule: 'response-header-became-required',
              message: 'Header made required: always sent.',
              at: { side: 'head', pointer: `${after.at}/required` },
              byRole: { send: 'major', read: 'minor' },
            }
          : {
              rule: 'response-header-became-optional',
              message: 'Header made optional: it may not be sent.',
              at: { side: 'head', pointer: after.at },
              byRole: { send: 'minor', read: 'major' },
              oasdiff: 'response-header-became-optional',
            },
      );
    return [...facts, ...documentationFact(before, after, ['description'], 'the header')];
  },
};
