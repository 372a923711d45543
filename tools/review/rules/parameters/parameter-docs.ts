// A parameter's documentation changed (description, examples) or it was deprecated: info.
import { docsFacts } from '../docs-facts.ts';
import type { ParameterRule } from '../rule.ts';

const DOCS: readonly string[] = ['description', 'example', 'examples'];

export const parameterDocumentation: ParameterRule = {
  level: 'parameter',
  name: 'parameter-documentation',
  produces: ['documentation-changed', 'deprecated-changed'],
  covers: ["a parameter's description or examples changed, or it was deprecated: info"],
  oasdiff: ['request-parameter-deprecated', 'request-parameter-reactivated'],
  compare: (before, after) =>
    before && after
      ? docsFacts(before, after, {
          keys: DOCS,
          deprecation: ['request-parameter-deprecated', 'request-parameter-reactivated'],
        })
      : [],
};
