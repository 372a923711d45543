import { describe } from 'vitest';
import { security } from '../../../tools/review/rules/security.ts';
import { engineRuleSuite } from './engine-suite.ts';

describe('rule security', () => engineRuleSuite(security));
