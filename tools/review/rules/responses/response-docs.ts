// A response's description changed: info.
import { code } from '../../text/plain.ts';
import type { ResponseRule } from '../rule.ts';

export const responseDocumentation: ResponseRule = {
  level: 'response',
  name: 'response-documentation',
  produces: ['documentation-changed'],
  covers: ["a response's description changed: info"],
  oasdiff: [],
  compare(before, after) {
    if (JSON.stringify(before.node.description) === JSON.stringify(after.node.description)) return [];
    return [
      {
        rule: 'documentation-changed',
        message: `Changed ${code('description')} of the response.`,
        at: { side: 'head', pointer: `${after.at}/description` },
        impact: 'patch',
      },
    ];
  },
};
