// Parameters a caller sends: removed, newly required, or serialized differently (moved to another place).
import { engineRule } from './rule.ts';

export const parameters = engineRule(
  'parameters',
  ['parameter-removed', 'parameter-became-required', 'parameter-serialization-changed'],
  [
    'a parameter removed (also one moved from query to header: removed here, added there)',
    'an optional parameter made required',
    'a parameter serialized differently (style, explode)',
  ],
);
