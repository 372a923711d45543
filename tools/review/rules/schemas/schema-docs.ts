// A schema's documentation changed (description, title, examples, extensions): info, so that reviewers see
// it; nothing a client sends or reads changes.
import { inHead } from '../../compare/context.ts';
import { code } from '../../text/plain.ts';
import type { SchemaRule } from '../rule.ts';

export const schemaDocumentation: SchemaRule = {
  level: 'schema',
  name: 'schema-documentation',
  produces: ['documentation-changed'],
  covers: ["a schema's description, title, examples or extensions changed: info"],
  oasdiff: [],
  compare(before, after) {
    const keys = new Set([...before.docs.keys(), ...after.docs.keys()]);
    const changed = [...keys]
      .filter((k) => JSON.stringify(before.docs.get(k)) !== JSON.stringify(after.docs.get(k)))
      .sort();
    if (!changed.length) return [];
    return [
      {
        rule: 'documentation-changed',
        message: `Documentation changed: ${changed.map((k) => code(k)).join(', ')}.`,
        at: inHead(after.docs.has(changed[0] as string) ? after.where(changed[0] as string) : after.at),
        impact: 'patch',
      },
    ];
  },
};
