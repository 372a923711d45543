import { describe } from 'vitest';
import { operations } from '../../../tools/review/rules/operations.ts';
import { engineRuleSuite } from './engine-suite.ts';

describe('rule operations', () => engineRuleSuite(operations));
