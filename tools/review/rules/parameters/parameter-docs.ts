// A parameter's documentation changed (description, examples) or it was deprecated: info.
import type { Fact } from '../../compare/facts.ts';
import { code } from '../../text/plain.ts';
import type { ParameterRule } from '../rule.ts';

const DOCS = ['description', 'example', 'examples'];

export const parameterDocumentation: ParameterRule = {
  level: 'parameter',
  name: 'parameter-documentation',
  produces: ['documentation-changed', 'deprecated-changed'],
  covers: ["a parameter's description or examples changed, or it was deprecated: info"],
  oasdiff: ['request-parameter-deprecated', 'request-parameter-reactivated'],
  compare(before, after) {
    if (!before || !after) return [];
    const facts: Fact[] = [];
    const changed = DOCS.filter((k) => JSON.stringify(before.node[k]) !== JSON.stringify(after.node[k]));
    if (changed.length)
      facts.push({
        rule: 'documentation-changed',
        message: `Changed ${changed.map((k) => code(k)).join(', ')}.`,
        at: { side: 'head', pointer: `${after.at}/${changed[0]}` },
        impact: 'patch',
      });
    if ((before.node.deprecated === true) !== (after.node.deprecated === true))
      facts.push({
        rule: 'deprecated-changed',
        message: after.node.deprecated === true ? 'Deprecated.' : 'No longer deprecated.',
        at: { side: 'head', pointer: `${after.at}/deprecated` },
        impact: 'patch',
        oasdiff:
          after.node.deprecated === true ? 'request-parameter-deprecated' : 'request-parameter-reactivated',
      });
    return facts;
  },
};
