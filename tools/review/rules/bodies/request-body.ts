// The request body as a whole: removed (breaks senders: the generated client no longer takes it), added
// (breaking when required), made required (breaking) or optional (an addition); its description: info.
import type { Fact } from '../../compare/facts.ts';
import { documentationFact } from '../docs-facts.ts';
import type { RequestBodyRule } from '../rule.ts';

export const requestBody: RequestBodyRule = {
  level: 'request-body',
  name: 'request-body',
  produces: [
    'request-body-removed',
    'request-body-added',
    'request-body-became-required',
    'request-body-became-optional',
    'documentation-changed',
  ],
  covers: [
    'a request body removed: breaking; added: breaking when required, non-breaking otherwise',
    'an optional request body made required: breaking; made optional: non-breaking; its description: info',
  ],
  oasdiff: [
    'request-body-removed',
    'request-body-added-required',
    'request-body-added-optional',
    'request-body-became-required',
    'request-body-became-optional',
  ],
  compare(before, after) {
    if (before && !after)
      return [
        {
          rule: 'request-body-removed',
          message: 'Request body removed.',
          at: { side: 'base', pointer: before.at },
          byRole: { send: 'major', read: 'major' },
          oasdiff: 'request-body-removed',
        },
      ];
    if (!before && after) {
      const required = after.node.required === true;
      return [
        {
          rule: 'request-body-added',
          message: `${required ? 'Required' : 'Optional'} request body added.`,
          at: { side: 'head', pointer: after.at },
          byRole: { send: required ? 'major' : 'minor', read: 'minor' },
          oasdiff: required ? 'request-body-added-required' : 'request-body-added-optional',
        },
      ];
    }
    if (!before || !after) return [];
    const facts: Fact[] = [];
    const [a, b] = [before.node.required === true, after.node.required === true];
    if (a !== b)
      facts.push(
        b
          ? {
              rule: 'request-body-became-required',
              message: 'Request body made required.',
              at: { side: 'head', pointer: `${after.at}/required` },
              byRole: { send: 'major', read: 'patch' },
              oasdiff: 'request-body-became-required',
            }
          : {
              rule: 'request-body-became-optional',
              message: 'Request body made optional.',
              at: { side: 'head', pointer: after.at },
              byRole: { send: 'minor', read: 'patch' },
              oasdiff: 'request-body-became-optional',
            },
      );
    return [...facts, ...documentationFact(before, after, ['description'], 'the request body')];
  },
};
