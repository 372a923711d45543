// Servers: one removed breaks every operation's base address.
import { engineRule } from './rule.ts';

export const servers = engineRule(
  'servers',
  ['server-removed'],
  ['a server removed (named under every operation)'],
);
