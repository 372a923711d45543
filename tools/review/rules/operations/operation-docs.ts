// An operation's documentation changed (summary, description, tags, external docs) or it was deprecated or
// reactivated: info, so reviewers see it; nothing a client sends or reads changes.
import type { Fact } from '../../compare/facts.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

const DOCS = ['summary', 'description', 'tags', 'externalDocs'];

export const operationDocumentation: OperationRule = {
  level: 'operation',
  name: 'operation-documentation',
  produces: ['documentation-changed', 'deprecated-changed'],
  covers: [
    "an operation's summary, description, tags or external docs changed: info",
    'an operation deprecated or reactivated: info',
  ],
  oasdiff: ['endpoint-deprecated', 'endpoint-reactivated'],
  compare(before, after) {
    if (!before || !after) return [];
    const facts: Fact[] = [];
    const changed = DOCS.filter((k) => JSON.stringify(before.node[k]) !== JSON.stringify(after.node[k]));
    if (changed.length)
      facts.push({
        rule: 'documentation-changed',
        message: `Changed ${changed.map((k) => code(k)).join(', ')} of the operation.`,
        at: { side: 'head', pointer: `${after.at}/${changed[0]}` },
        impact: 'patch',
      });
    if ((before.node.deprecated === true) !== (after.node.deprecated === true))
      facts.push({
        rule: 'deprecated-changed',
        message: after.node.deprecated === true ? 'Operation deprecated.' : 'Operation no longer deprecated.',
        at: { side: 'head', pointer: `${after.at}/deprecated` },
        impact: 'patch',
        oasdiff: after.node.deprecated === true ? 'endpoint-deprecated' : 'endpoint-reactivated',
      });
    return facts;
  },
};
