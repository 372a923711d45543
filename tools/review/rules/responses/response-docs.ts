// A response's description changed: info.
import { documentationFact } from '../docs-facts.ts';
import type { ResponseRule } from '../rule.ts';

export const responseDocumentation: ResponseRule = {
  level: 'response',
  name: 'response-documentation',
  produces: ['documentation-changed'],
  covers: ["a response's description changed: info"],
  oasdiff: [],
  compare: (before, after) => documentationFact(before, after, ['description'], 'the response'),
};
