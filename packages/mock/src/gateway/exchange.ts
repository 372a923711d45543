// One request on its way through the gateway, and the one writer of what becomes of it: the gateway records
// here the caller it admitted, each outcome (a feature's, the answering's), the answer it sent, and builds the
// served request (http/served.ts) once the answer has gone. Features and the admin route get it as an Exchange,
// which has nothing to write with.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnsweredBy } from '../api/journal.ts';
import type { Exchange, Outcome } from '../features/feature.ts';
import { type Answer, send } from '../http/answer.ts';
import type { BodyRead } from '../http/limits.ts';
import type { Arrival, Caller, ServedRequest } from '../http/served.ts';
import type { Session } from '../session/session.ts';

export class RequestDraft implements Exchange {
  readonly arrival: Arrival;
  readonly session: Session | undefined;
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** The outcomes recorded, for their steps afterwards. */
  readonly outcomes: Outcome[] = [];
  readonly #read: () => Promise<BodyRead>;
  readonly #restyle: ((answer: Answer) => Answer) | undefined;
  #caller: Caller;
  #body: Buffer | undefined;
  #validated = false;
  #answeredBy: AnsweredBy = 'mock';
  #stubId: string | undefined;
  #answer: Answer | undefined;
  #dropped = false;

  constructor(
    arrival: Arrival,
    caller: Caller,
    session: Session | undefined,
    exchange: {
      req: IncomingMessage;
      res: ServerResponse;
      read: () => Promise<BodyRead>;
      /** How the contract words the mock's errors (http/contract-errors.ts); none for the admin route. */
      restyle?: ((answer: Answer) => Answer) | undefined;
    },
  ) {
    this.arrival = arrival;
    this.#caller = caller;
    this.session = session;
    this.req = exchange.req;
    this.res = exchange.res;
    this.#read = exchange.read;
    this.#restyle = exchange.restyle;
  }

  /** The request as read (Exchange): what features and the admin route see, typed as an Exchange. */
  get request(): Arrival {
    return this.arrival;
  }

  get caller(): Caller {
    return this.#caller;
  }

  /** The body, read once within the limits; kept for the served request (a property: features destructure it). */
  readonly body = async (): Promise<BodyRead> => {
    const read = await this.#read();
    if (read.ok) this.#body = read.body;
    return read;
  };

  /** The token admission verified: whom it names, and its scopes. */
  admitted(subject: string, scopes: ReadonlySet<string>): void {
    this.#caller = { ...this.#caller, subject, scopes };
  }

  /** The contract found the request valid. */
  valid(): void {
    this.#validated = true;
  }

  /** What made the answer, when it was not the mock itself. */
  answeredBy(by: AnsweredBy): void {
    this.#answeredBy = by;
  }

  /** An outcome: its maker, its stub, its step for afterwards. */
  record(outcome: Outcome): void {
    this.outcomes.push(outcome);
    if (outcome.answeredBy) this.#answeredBy = outcome.answeredBy;
    if (outcome.stubId) this.#stubId = outcome.stubId;
  }

  /** Sends the answer, kept as sent: the one capture the stores read afterwards. */
  send(given: Answer): void {
    const answer = this.#restyle ? this.#restyle(given) : given;
    this.#answer = answer;
    send(this.res, answer);
  }

  /** Closes the connection without an answer. */
  drop(): void {
    this.#dropped = true;
    this.req.socket.destroy();
  }

  /** The request as served, once the connection is done with it (status 0: dropped, or not sent whole). */
  served(): ServedRequest {
    const status = this.#dropped || !this.res.writableFinished ? 0 : this.res.statusCode;
    return {
      ...this.arrival,
      caller: this.#caller,
      body: this.#body,
      validated: this.#validated,
      answeredBy: this.#answeredBy,
      stubId: this.#stubId,
      answer: this.#dropped ? undefined : this.#answer,
      status,
      dropped: this.#dropped,
      finished: Date.now(),
    };
  }
}
