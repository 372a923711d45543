import { describe } from 'vitest';
import { servers } from '../../../tools/review/rules/servers.ts';
import { engineRuleSuite } from './engine-suite.ts';

describe('rule servers', () => engineRuleSuite(servers));
