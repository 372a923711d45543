// The request body as a whole: removed, or required where it was optional.
import { engineRule } from './rule.ts';

export const requestBodies = engineRule(
  'request-bodies',
  ['request-body-removed', 'request-body-became-required'],
  ['a request body removed', 'an optional request body made required'],
);
