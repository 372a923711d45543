// The gateway suites share one mock (real Prism with --errors, real mTLS gateway): started once here,
// since Prism's start-up is most of each suite's cost. Each suite lives in ./suites; those that try to break
// the mock run in hostile.test.ts.
import { contractModel } from '@banking-api/contract';
import { afterAll, describe } from 'vitest';
import { stopSharedMock } from '../support/session.ts';
import { examplesSuite } from './suites/examples.ts';
import { negativeSuite } from './suites/negative.ts';
import { operationsSuite } from './suites/operations.ts';
import { propertiesSuite } from './suites/properties.ts';

afterAll(stopSharedMock);

describe(`all ${contractModel().operations.length} operations through the client`, operationsSuite);
describe('named examples under --errors', examplesSuite);
describe('negative cases', negativeSuite);
describe('properties', propertiesSuite);
