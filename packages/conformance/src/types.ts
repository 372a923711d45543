// The shapes the engine passes around: a request (what to send, naming its credential rather than holding
// a token), the answer it got, and the findings the checks make of answers.
import type { ContractModel, Operation } from '@banking-api/contract';

/**
 * Which credential a request carries: the full token, a valid token without scopes, none, a token the
 * caller gave for a negative check (expired, of another environment), or one forged from the full token.
 */
export type Credential = 'token' | 'unscoped' | 'none' | 'expired' | 'other-environment' | ForgedToken;

/** Tokens made from the full token: its signature altered, `alg: none` unsigned, its signature stripped. */
export type ForgedToken = 'altered-signature' | 'alg-none' | 'signature-stripped';

/**
 * What a probe that is flawed on purpose asks the server to refuse (judge/standard-refusal.ts): the answer
 * HTTP gives it is accepted where the contract documents none.
 */
export type Refusal =
  | 'validation'
  | 'path-value'
  | 'credential'
  | 'scope'
  | 'environment'
  | 'not-found'
  | 'method'
  | 'not-acceptable'
  | 'too-large'
  | 'media-type';

/** A request body exactly as sent: its text and content type. */
export interface EncodedBody {
  readonly contentType: string;
  readonly text: string;
}

/** One request. `path` is filled in and carries the query string. */
export interface Probe {
  readonly method: string;
  readonly path: string;
  /** The operation's path template (`/hb/refunds/{id}`): what messages show instead of the filled path. */
  readonly template?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: EncodedBody;
  readonly credential: Credential;
  /** Leave the client certificate out (the mutual TLS check). */
  readonly withoutClientCertificate?: boolean;
  /** Present a client certificate from a CA the engine makes itself, which no server can trust. */
  readonly foreignClientCertificate?: boolean;
  /** Parameter values that came from the server's own answers or the caller's fixtures, by name. */
  readonly issued?: readonly string[];
  /** The refusal the probe asks for, when it is flawed on purpose (an invalid value, no credential...). */
  readonly refusal?: Refusal;
  /**
   * Values the engine generated itself (from a schema, no example): test data, not personal data or a
   * secret, so a reproducer keeps them as sent.
   */
  readonly generated?: readonly string[];
}

export interface Answer {
  readonly status: number;
  /** The media type of `content-type`, lower case, without parameters; '' when absent. */
  readonly mediaType: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/**
 * Sends a probe; throws a ConnectionError when no HTTP answer came, an UnsendableRequest when the probe
 * cannot be written as HTTP at all (then nothing went out).
 */
export type Send = (probe: Probe) => Promise<Answer>;

/**
 * Where a request without an HTTP answer failed: `connect` — the server was not reached (refused, name,
 * TLS handshake); `answer` — it was reached but gave no whole answer within the limits (time-out, a
 * closed or reset socket, an answer larger than allowed): a deviation of the operation, not of the setup.
 */
export type FailedStage = 'connect' | 'answer';

/** The transport failed: no HTTP answer (refused, TLS, timeout). */
export class ConnectionError extends Error {
  override readonly name: string = 'ConnectionError';
  readonly stage: FailedStage;
  /** What went wrong, without the URL: the innermost cause's code and message. */
  readonly reason: string;
  /** The request that got no answer, when a client sent one. */
  declare readonly probe?: Probe;
  constructor(
    message: string,
    details: { stage?: FailedStage; reason?: string; probe?: Probe; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.stage = details.stage ?? 'connect';
    this.reason = details.reason ?? message;
    // Not enumerable: the filled path, headers and body may hold personal data, and a logged or serialized
    // error must not carry them (the message names the path template).
    if (details.probe) Object.defineProperty(this, 'probe', { value: details.probe, enumerable: false });
  }
}

/**
 * The request cannot be written as HTTP (a header value with a control character or past U+00FF, a header
 * name that is not a token, a header the HTTP client owns): nothing was sent. The request is verify's own
 * (a value it made, or took from the contract), so this is never the server's deviation.
 */
export class UnsendableRequest extends Error {
  override readonly name: string = 'UnsendableRequest';
  /** Why, in one line, quoting no header value. */
  readonly reason: string;
  declare readonly probe?: Probe;
  constructor(message: string, reason: string, probe?: Probe) {
    super(message);
    this.reason = reason;
    // Not enumerable, as in ConnectionError: the probe may hold personal data.
    if (probe) Object.defineProperty(this, 'probe', { value: probe, enumerable: false });
  }
}

/** Where the checks' outcomes go; the caller decides how to keep and report them. */
export interface Findings {
  /** A deviation: what was expected, what came (in one line), the request, and the answer when one came. */
  fail(
    operation: Operation | string,
    check: string,
    expected: string,
    got: string,
    probe: Probe,
    answer?: Answer,
  ): void;
  note(operation: Operation | string, check: string, message: string): void;
  /**
   * A finding that is the contract's own, not the server's: its example breaks its own schema (a request
   * example the server rightly refuses, an answer that is the contract's example). Reported apart from the
   * failures, never failing a run, never hidden.
   */
  contractIssue(operation: Operation | string, check: string, message: string): void;
  /** Counts one check run (passed or not). */
  ran(operation: Operation | string, check: string): void;
  /**
   * What the coverage phase tried on an operation: every `place:keyword` it has (`body /amount:maximum`) and
   * those a case was sent for. Called once per coverage check; a collector that keeps no report may omit it.
   */
  covered?(operation: Operation, coverage: Coverage): void;
}

/** Keywords of an operation's inputs (`place:keyword`): those it has, and those a request tried. */
export interface Coverage {
  readonly present: readonly string[];
  readonly exercised: readonly string[];
  /** Whether the exercised cases were values the contract allows (positive) or forbids (negative). */
  readonly side: 'positive' | 'negative';
}

/** What shapes the generated inputs of a run. */
export interface RunOptions {
  /** Seed of every generated value: the same seed sends the same inputs. */
  readonly seed: number;
  /** Generated invalid bodies per operation and media type. */
  readonly maxExamples: number;
  /** Run the scope checks (a valid token without scopes is at hand). */
  readonly scopeChecks: boolean;
  /** Credentials beyond the full token that the caller holds (`expired`, `other-environment`). */
  readonly credentials?: readonly Credential[];
  /** The full token is a JWS (three dot-separated parts), so it can be forged. */
  readonly forgeableToken?: boolean;
  /** Identifier values by parameter or body field name, issued by the server (stateful verification). */
  readonly identifiers?: Readonly<Record<string, unknown>>;
  /** Per operationId, values for its parameters or body fields (a fixtures file). */
  readonly fixtures?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A request that reached the run's webhook receiver (verify --webhook-receiver), as it came. */
export interface ArrivedDelivery {
  /** Epoch milliseconds when its body had arrived whole. */
  readonly at: number;
  readonly method: string;
  readonly path: string;
  /** Its media type, lower case, without parameters. */
  readonly mediaType: string;
  readonly body: string;
  /** The body's size in bytes (a body over the receiver's bound is cut: `body` holds its start). */
  readonly bytes: number;
  /** A client certificate was presented and verified against the CA the receiver was given. */
  readonly mutualTls: boolean;
  /** The client certificate's subject and issuer (common names), when one was presented. */
  readonly clientSubject?: string;
  readonly clientIssuer?: string;
}

/** The run's webhook receiver, as the delivery check sees it. */
export interface DeliveryWatch {
  /** The webhookId the team pointed at the receiver: `try` is sent with it. */
  readonly webhookId: string;
  /** How long a delivery may take to arrive. */
  readonly waitMs: number;
  /** The first delivery that arrived at or after `since` and that `match` keeps; none within `waitMs`. */
  next(since: number, match: (delivery: ArrivedDelivery) => boolean): Promise<ArrivedDelivery | undefined>;
  /** Every delivery that arrived at or after `since`. */
  since(since: number): readonly ArrivedDelivery[];
}

/** What every check gets: the model, the run's options, a way to send, and where findings go. */
export interface CheckContext {
  readonly model: ContractModel;
  readonly options: RunOptions;
  readonly send: Send;
  readonly findings: Findings;
  /** The run's webhook receiver, when it runs one (the delivery check needs it; without it, it stays quiet). */
  readonly deliveries?: DeliveryWatch;
}
