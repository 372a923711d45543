// Security: an operation's requirement, or a scheme every operation using it depends on.
import { engineRule } from './rule.ts';

export const security = engineRule(
  'security',
  ['security-requirement-changed', 'security-scheme-changed'],
  [
    "an operation's (or the document's default) security requirement changed",
    'a security scheme changed (type, scheme, flows): named under every operation using it',
  ],
);
