// A media type that gains a schema where it had none constrains what was free (breaks senders); one that
// loses its schema frees it (breaks readers, who no longer know what they get). Examples changed: info.
import type { Fact } from '../../compare/facts.ts';
import { code } from '../../text/plain.ts';
import type { MediaRule } from '../rule.ts';
import { NARROWED, WIDENED } from '../verdicts.ts';

export const mediaSchema: MediaRule = {
  level: 'media',
  name: 'media-schema',
  produces: ['media-schema-changed', 'documentation-changed'],
  covers: [
    'a schema set on a media type that had none (narrowed) or dropped (widened); its examples changed: info',
  ],
  oasdiff: ['request-body-media-type-schema-added', 'response-body-media-type-schema-removed'],
  compare(before, after) {
    const facts: Fact[] = [];
    const [a, b] = [before.node.schema !== undefined, after.node.schema !== undefined];
    if (a !== b)
      facts.push({
        rule: 'media-schema-changed',
        message: `Schema of ${code(after.written)} ${b ? 'set' : 'dropped'}.`,
        at: { side: b ? 'head' : 'base', pointer: `${(b ? after : before).at}/schema` },
        byRole: b ? NARROWED : WIDENED,
        oasdiff: b
          ? {
              'request-body': 'request-body-media-type-schema-added',
              'response-body': 'response-body-media-type-schema-added',
            }
          : {
              'request-body': 'request-body-media-type-schema-removed',
              'response-body': 'response-body-media-type-schema-removed',
            },
      });
    for (const key of ['example', 'examples'])
      if (JSON.stringify(before.node[key]) !== JSON.stringify(after.node[key])) {
        facts.push({
          rule: 'documentation-changed',
          message: `Changed ${code(key)}.`,
          at: { side: 'head', pointer: `${after.at}/${key}` },
          impact: 'patch',
        });
        break;
      }
    return facts;
  },
};
