// The request as the gateway read it, once (`Arrival`), and as it was served (`ServedRequest`): plain values,
// written by the gateway alone (gateway/exchange.ts) and read by every other step. The stores (journal,
// usage, the sandbox) take the served request when its answer has gone, and nothing else of node:http.
import type { IncomingHttpHeaders } from 'node:http';
import type { RouteMatch, RouteResult } from '@banking-api/contract';
import type { AnsweredBy } from '../api/journal.ts';
import type { Environment } from '../pki/dev-pki.ts';
import type { Answer } from './answer.ts';
import type { ResourceTarget } from './target.ts';

/** Who called, as far as the mock can tell: the certificate's environment and fingerprint, the token's subject. */
export interface Caller {
  readonly env: Environment | undefined;
  /** SHA-256 fingerprint of the client certificate. */
  readonly certificate: string;
  /** The token's subject and scopes, once admission verified the token. */
  readonly subject: string | undefined;
  readonly scopes: ReadonlySet<string> | undefined;
}

/** What the gateway read of a request as it arrived: its target once, its route once. */
export interface Arrival {
  /** The client's `x-request-id` when it is a plain token, else the mock's own. */
  readonly requestId: string;
  /** Epoch milliseconds when the request arrived. */
  readonly started: number;
  readonly method: string;
  /** The target as sent (the journal shows it, redacted). */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The one reading of the target: every step takes the path and query from it, never from the URL. */
  readonly target: ResourceTarget;
  /** The one routing of that path. */
  readonly routed: RouteResult;
  /** The operation with its path parameters, if the request names one. */
  readonly match: RouteMatch | undefined;
}

/** A request once its answer has gone (or its connection was dropped). */
export interface ServedRequest extends Arrival {
  readonly caller: Caller;
  /** The body as read, if a step read it. */
  readonly body: Buffer | undefined;
  /** The request was found valid (by the contract's validators or by Prism). */
  readonly validated: boolean;
  readonly answeredBy: AnsweredBy;
  /** The stub that answered, if one did. */
  readonly stubId: string | undefined;
  /** The answer as sent; none when the connection was dropped instead. */
  readonly answer: Answer | undefined;
  /** The status sent whole; 0 when dropped, or when the client went away before the answer was sent. */
  readonly status: number;
  /** A feature dropped the connection instead of answering. */
  readonly dropped: boolean;
  /** Epoch milliseconds when the answer was sent (or the connection closed). */
  readonly finished: number;
}
