// Every kind of attack, in the order a fuzz run takes turns with them. A new kind is a file in kinds/
// and a line here.
import type { Attack } from './attack.js';
import { invalidBody } from './kinds/invalid-body.js';
import { mutatedBytes } from './kinds/mutated-bytes.js';
import { randomJson } from './kinds/random-json.js';
import { scopeBypass } from './kinds/scope-bypass.js';
import { secondRound } from './kinds/second-round.js';
import { thirdRound } from './kinds/third-round.js';

export const ATTACKS: readonly Attack[] = [
  mutatedBytes,
  scopeBypass,
  invalidBody,
  randomJson,
  secondRound,
  thirdRound,
];
