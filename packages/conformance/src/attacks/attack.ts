// What an attack is: a kind, a one-line rationale, and cases drawn from the model, each ready to be sent
// at a target and to say what went wrong. A new kind of attack is a file in kinds/ and a line in
// registry.ts; its generators (bytes.ts, spellings.ts, forbidden-bodies.ts) are usable on their own.
import type { Operation } from '@banking-api/contract';
import type fc from 'fast-check';
import type { WireAnswer } from '../send/tls.js';
import type { Answer, Probe } from '../types.js';

/** The server under attack, as the attacks reach it. */
export interface AttackTarget {
  readonly operations: readonly Operation[];
  /** A token with every scope the contract names, and a valid one without scopes. */
  readonly tokens: { readonly all: string; readonly none: string };
  /** Sends bytes over a fresh mutually authenticated TLS connection (sendOverTls). */
  wire(bytes: string | Buffer, waitMs?: number, quietMs?: number): Promise<WireAnswer>;
  /** Sends a request with the token of its credential, over a kept-alive connection. */
  http(probe: Probe): Promise<Answer>;
}

/** What came of one attack. */
export interface AttackOutcome {
  /** What went wrong; undefined when the server held. */
  readonly failure?: string;
  /** The statuses the server answered (none when it closed without an answer). */
  readonly statuses: readonly number[];
  /** Personal data and secrets the attack sent: the server must keep none of them (in logs, a journal). */
  readonly secrets?: readonly string[];
}

export interface Attack {
  readonly kind: string;
  /** What a failure of this kind means, in one line. */
  readonly rationale: string;
  /** Cases against `target`: each, when called, sends itself and judges what came back. */
  cases(target: AttackTarget): fc.Arbitrary<() => Promise<AttackOutcome>>;
}

/** The outcome of bytes sent on the wire: a connection held past its wait, or a 5xx, is a failure. */
export function wireOutcome(answer: WireAnswer): AttackOutcome {
  const { statuses } = answer;
  if (answer.cut)
    return { statuses, failure: `an answer without end: cut after ${answer.text.length} bytes` };
  if (!answer.closed)
    return { statuses, failure: `connection held past 5 s: ${JSON.stringify(answer.text.slice(0, 120))}` };
  const error = statuses.find((status) => status >= 500);
  if (error !== undefined) return { statuses, failure: `answered ${error}: ${answer.text.slice(0, 300)}` };
  return { statuses };
}
