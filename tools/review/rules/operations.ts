// Operations and paths that go away, or whose operationId (the generated client's method name) changes.
import { engineRule } from './rule.ts';

export const operations = engineRule(
  'operations',
  ['path-removed', 'operation-removed', 'operation-id-changed'],
  ['a path removed (all its operations)', 'an operation removed from a path', 'an operationId changed'],
);
