// Media types of a body, paired by meaning (compare/media-pairs.ts). One removed breaks both directions (senders
// of it are refused; readers that accept only it get another); one added is an addition. A type now covered
// only by a range (`application/json` → `application/*`) widens: readers may get any type of the range; a
// range narrowed to one of its types narrows: senders of the others break.
import type { Fact } from '../../compare/facts.ts';
import { code } from '../../text/plain.ts';
import type { ContentRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

export const mediaTypes: ContentRule = {
  level: 'content',
  name: 'media-types',
  produces: ['media-type-removed', 'media-type-added', 'media-type-widened', 'media-type-narrowed'],
  covers: [
    'a media type removed (request or response): breaking; added: non-breaking; the same type spelled otherwise (case, parameter order, `charset=utf-8` on JSON): nothing',
    'a type replaced by a range covering it (widened: breaks readers) or a range by one of its types (narrowed: breaks senders)',
  ],
  oasdiff: [
    'request-body-media-type-removed',
    'response-media-type-removed',
    'request-body-media-type-added',
    'response-media-type-added',
  ],
  compare(change) {
    const facts: Fact[] = [];
    for (const m of change.removed)
      facts.push({
        rule: 'media-type-removed',
        message: `Media type ${code(m.written)} removed.`,
        at: { side: 'base', pointer: m.at },
        byRole: { send: 'major', read: 'major' },
        oasdiff: {
          'request-body': 'request-body-media-type-removed',
          'response-body': 'response-media-type-removed',
        },
      });
    for (const m of change.added)
      facts.push({
        rule: 'media-type-added',
        message: `Media type ${code(m.written)} added.`,
        at: { side: 'head', pointer: m.at },
        byRole: { send: 'minor', read: 'minor' },
        oasdiff: {
          'request-body': 'request-body-media-type-added',
          'response-body': 'response-media-type-added',
        },
      });
    for (const { before, after } of change.widened)
      facts.push({
        rule: 'media-type-widened',
        message: `Media type ${code(before.written)} now covered by the range ${code(after.written)}.`,
        at: { side: 'head', pointer: after.at },
        byRole: WIDENED,
        oasdiff: { 'response-body': 'response-media-type-name-generalized' },
      });
    for (const { before, after } of change.narrowed)
      facts.push({
        rule: 'media-type-narrowed',
        message: `Media range ${code(before.written)} narrowed to ${code(after.written)}.`,
        at: { side: 'head', pointer: after.at },
        byRole: NARROWED,
        oasdiff: { 'response-body': 'response-media-type-name-specialized' },
      });
    return facts;
  },
};
