import { describe } from 'vitest';
import { requestBodies } from '../../../tools/review/rules/request-bodies.ts';
import { engineRuleSuite } from './engine-suite.ts';

describe('rule request-bodies', () => engineRuleSuite(requestBodies));
