// The mock tried as a hostile client would, over real mTLS with real Prism, all rounds of the audits on one mock
// (Prism's start-up is most of a suite's cost): garbage on the wire and one reading of the request target (the
// first round, issue 11), mutated bytes and bodies the schema forbids (the first round's fuzz), the second
// round's careless and hostile requests (issue 23) and the third round's (issue 37). Each suite is bounded.
// The rest of the audits' probes run beside this file in the `hostile` project (test/hostile-probes.ts).
import { afterAll, describe } from 'vitest';
import { stopSharedMock } from '../support/session.ts';
import { bypassSuite } from './suites/bypass.ts';
import { fuzzSuite } from './suites/fuzz.ts';
import { garbageSuite } from './suites/garbage.ts';
import { hostileSuite } from './suites/hostile.ts';
import { thirdRoundSuite } from './suites/third-round.ts';

afterAll(stopSharedMock);

describe('garbage on the wire', garbageSuite);
describe('one reading of the request target: no scope bypass under any spelling', bypassSuite);
describe('trying to break it: mutated bytes and invalid bodies', fuzzSuite);
describe('trying to break it, second round: hostile and careless use', hostileSuite);
describe(
  'trying to break it, third round: dot segments, many small headers, alphanumeric CNPJs',
  thirdRoundSuite,
);
