// An operation's documentation changed (summary, description, tags, external docs) or it was deprecated or
// reactivated: info, so reviewers see it; nothing a client sends or reads changes.
import { docsFacts } from '../docs-facts.ts';
import type { OperationRule } from '../rule.ts';

const DOCS: readonly string[] = ['summary', 'description', 'tags', 'externalDocs'];

export const operationDocumentation: OperationRule = {
  level: 'operation',
  name: 'operation-documentation',
  produces: ['documentation-changed', 'deprecated-changed'],
  covers: [
    "an operation's summary, description, tags or external docs changed: info",
    'an operation deprecated or reactivated: info',
  ],
  oasdiff: ['endpoint-deprecated', 'endpoint-reactivated'],
  compare: (before, after) =>
    before && after
      ? docsFacts(before, after, {
          keys: DOCS,
          what: 'the operation',
          deprecation: ['endpoint-deprecated', 'endpoint-reactivated'],
        })
      : [],
};
