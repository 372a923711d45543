// What a check is: an id (what reports name it by), a level, and a one-line rationale, like a rule of
// oasdiff. Answer checks judge every answer a server gives, whatever the request was for; probe checks
// send requests of their own (each answer of which the answer checks judge too).
import type { MediaType, Operation, Response } from '@banking-api/contract';
import type { Answer, CheckContext, Probe } from '../types.js';

/** `error`: the server deviates from the contract; `warning`: worth a look, not a deviation. */
export type Level = 'error' | 'warning';

export interface CheckInfo {
  readonly id: string;
  readonly level: Level;
  /** Why the check holds the server to it, in one line. */
  readonly rationale: string;
}

/** One answer as the answer checks see it: with the response the operation documents for its status. */
export interface AnswerView {
  readonly op: Operation;
  readonly answer: Answer;
  /** The documented response covering the status (responseFor), if any. */
  readonly response: Response | undefined;
  /** The documented media type matching the answer's content type, if any. */
  readonly media: MediaType | undefined;
  /** The request the answer is to, when the judge was given it (rules that tie the answer to it). */
  readonly request?: Probe;
}

export type AnswerVerdict =
  /** Nothing to judge on this answer: the check did not run. A note says what was left unchecked. */
  | { readonly outcome: 'skip'; readonly note?: string }
  | { readonly outcome: 'pass'; readonly note?: string }
  | { readonly outcome: 'fail'; readonly expected: string; readonly got: string }
  /** The answer deviates, but as the contract's own example does: the contract's finding, not the server's. */
  | { readonly outcome: 'contract'; readonly message: string };

export interface AnswerCheck extends CheckInfo {
  readonly kind: 'answer';
  judge(view: AnswerView): AnswerVerdict;
}

/** A probe check run once per operation, per path of the contract, or once per run. */
export type ProbeCheck = CheckInfo & { readonly kind: 'probe' } & (
    | { readonly scope: 'operation'; run(ctx: CheckContext, op: Operation): Promise<void> }
    | {
        readonly scope: 'path';
        run(ctx: CheckContext, path: string, ops: readonly Operation[]): Promise<void>;
      }
    | { readonly scope: 'contract'; run(ctx: CheckContext): Promise<void> }
  );

export type Check = AnswerCheck | ProbeCheck;

export const skip: AnswerVerdict = { outcome: 'skip' };
export const pass: AnswerVerdict = { outcome: 'pass' };
export const fail = (expected: string, got: string): AnswerVerdict => ({ outcome: 'fail', expected, got });
