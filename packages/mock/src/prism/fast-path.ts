// The fast path. Prism's static answer to a valid request reads nothing of the request but the operation,
// `Accept` and its preferences (`Prefer`, else the `__code`-style query parameters): the examples do not
// depend on the body or the parameters. So once Prism has answered one valid request, every request the
// contract's compiled validators accept under the same key (PrismEngine.answerKey: those inputs, read by
// Prism's own reader) gets that answer again, with no trip into Prism: the same status, headers and body by
// construction (the contract's echo rules still apply per request, in answers.ts). Generated answers
// (`--dynamic`, `Prefer: dynamic`) have no key, and operations with callbacks (the model's `callbacks`:
// Prism calls them) none either.
import type { Answer } from '../http/answer.ts';
import type { PrismOutcome } from './engine.ts';

/** Distinct operation × Accept × Prefer answers kept; the oldest make room. */
export const MAX_REMEMBERED_ANSWERS = 4096;

/** Prism's outcome for a kind of valid request, and the answer made of it once it needs no echo. */
export interface KnownAnswer {
  readonly outcome: PrismOutcome;
  /** The bytes to send, kept when no echo rule ties them to the request (the same for every one). */
  answer?: Answer;
}

export class ExampleAnswers {
  readonly #answers = new Map<string, KnownAnswer>();
  readonly #max: number;

  constructor(max: number = MAX_REMEMBERED_ANSWERS) {
    this.#max = max;
  }

  get(key: string): KnownAnswer | undefined {
    return this.#answers.get(key);
  }

  /** Keeps Prism's answer to a valid request, when it is a success with no request violation. */
  remember(key: string, outcome: PrismOutcome): void {
    if (!rememberable(outcome) || this.#answers.has(key)) return;
    if (this.#answers.size >= this.#max) this.#answers.delete(this.#answers.keys().next().value as string);
    this.#answers.set(key, { outcome });
  }
}

/** A success Prism gave without finding anything wrong with the request. */
function rememberable(outcome: PrismOutcome): boolean {
  return outcome.result.kind === 'response' && outcome.result.status < 400 && !refusedRequest(outcome);
}

/** Prism found something wrong with the request: a request violation of severity Error. */
export function refusedRequest({ violations }: PrismOutcome): boolean {
  return violations.some((v) => v.location?.[0] === 'request' && v.severity === 'Error');
}

/** Prism answered the request as a valid one. */
export function acceptedByPrism(outcome: PrismOutcome): boolean {
  return outcome.result.kind === 'response' && !refusedRequest(outcome);
}
