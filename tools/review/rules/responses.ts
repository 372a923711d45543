// Responses a client reads: a status, a header or a media type that goes away.
import { engineRule } from './rule.ts';

export const responses = engineRule(
  'responses',
  ['response-removed', 'response-header-removed', 'media-type-removed'],
  ['a response status removed', 'a response header removed', 'a media type removed (request or response)'],
);
