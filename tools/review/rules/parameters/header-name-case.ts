// A header parameter's name changed only in case: the same header on the wire (RFC 9110: field names are
// case-insensitive), but the generated client's `params.header` key changes, so typed calls must be
// respelled: non-breaking for the wire, a type change for the client.
import { code } from '../../text/plain.ts';
import type { ParameterRule } from '../rule.ts';

export const headerNameCase: ParameterRule = {
  level: 'parameter',
  name: 'header-name-case',
  produces: ['header-name-case-changed'],
  covers: [
    'a header name changed only in case: not a wire break; a request header parameter is a type change for the generated client (non-breaking), a response header documentation',
  ],
  oasdiff: [],
  compare(before, after) {
    if (!before || !after || before.in !== 'header' || before.name === after.name) return [];
    return [
      {
        rule: 'header-name-case-changed',
        message: `Header ${code(before.name)} is now spelled ${code(after.name)}: the same header on the wire, but the generated client's \`params.header\` key changes, so typed calls must use the new spelling.`,
        at: { side: 'head', pointer: `${after.at}/name` },
        byRole: { send: 'minor', read: 'minor' },
      },
    ];
  },
};
