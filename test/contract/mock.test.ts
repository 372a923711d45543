// The gateway suites share one mock (real Prism with --errors, real mTLS gateway): started once here,
// since Prism's start-up is most of each suite's cost. Each suite lives in ./suites.
import { contractModel } from '@banking-api/contract';
import { afterAll, describe } from 'vitest';
import { stopSharedMock } from '../support/session.ts';
import { bypassSuite } from './suites/bypass.ts';
import { examplesSuite } from './suites/examples.ts';
import { fuzzSuite } from './suites/fuzz.ts';
import { garbageSuite } from './suites/garbage.ts';
import { hostileSuite } from './suites/hostile.ts';
import { negativeSuite } from './suites/negative.ts';
import { operationsSuite } from './suites/operations.ts';
import { propertiesSuite } from './suites/properties.ts';

afterAll(stopSharedMock);

describe(`all ${contractModel().operations.length} operations through the client`, operationsSuite);
describe('named examples under --errors', examplesSuite);
describe('negative cases', negativeSuite);
describe('properties', propertiesSuite);
describe('garbage on the wire', garbageSuite);
describe('one reading of the request target: no scope bypass under any spelling', bypassSuite);
describe('trying to break it: mutated bytes and invalid bodies', fuzzSuite);
describe('trying to break it, second round: hostile and careless use', hostileSuite);
