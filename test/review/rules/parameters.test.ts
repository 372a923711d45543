import { describe } from 'vitest';
import { parameters } from '../../../tools/review/rules/parameters.ts';
import { engineRuleSuite } from './engine-suite.ts';

describe('rule parameters', () => engineRuleSuite(parameters));
