// Where the mock's own features (faults, the stateful sandbox, stubs, the journal, the usage record) meet the
// gateway's request path, in three places: once a request is admitted (`admitted`: may answer in the
// operation's place, or drop the connection), once the contract found it valid (`valid`), and once it was
// served (`served`: the served request, a plain value). A feature never writes to the request: it returns
// an outcome, and the gateway alone records it (gateway/exchange.ts).
import type { AnsweredBy } from '../api/journal.ts';
import type { Answer } from '../http/answer.ts';
import type { BodyRead } from '../http/limits.ts';
import type { Arrival, Caller, ServedRequest } from '../http/served.ts';
import type { Session } from '../session/session.ts';

/** An admitted request as a feature sees it. */
export interface Exchange {
  readonly request: Arrival;
  readonly caller: Caller;
  /** The session the request belongs to; none in proxy mode. */
  readonly session: Session | undefined;
  /** The body, read once within the limits by whichever step asks first; refused reads say why. */
  body(): Promise<BodyRead>;
}

/** What a feature made of a request. */
export interface Outcome {
  /** The answer, given in the operation's place. */
  readonly answer?: Answer | undefined;
  /** The connection closed without an answer instead. */
  readonly drop?: boolean | undefined;
  /** What made the answer (the journal says it). */
  readonly answeredBy?: AnsweredBy | undefined;
  readonly stubId?: string | undefined;
  /** A step for once the request was served, answered by whoever answered it (the sandbox keeps a first answer). */
  readonly afterwards?: ((served: ServedRequest) => void) | undefined;
}

export interface Feature {
  /** Once the request is admitted, before its body is checked: may answer, drop it, or only wait (latency). */
  admitted?(exchange: Exchange): Promise<Outcome | undefined>;
  /** For a request the contract accepts (`body`: its parsed JSON, or null): may answer. */
  valid?(exchange: Exchange, body: unknown): Promise<Outcome | undefined>;
  /** Once the answer has gone (or the connection closed): for every request with a resource target. */
  served?(served: ServedRequest, session: Session | undefined): void;
}

/** Features in their order, as the gateway runs them. */
export interface FeatureChain {
  admitted(exchange: Exchange): Promise<Outcome | undefined>;
  valid(exchange: Exchange, body: unknown): Promise<Outcome | undefined>;
  /** Tells every feature, then runs the outcomes' `afterwards`; a fault in one is logged, the next still runs. */
  served(served: ServedRequest, session: Session | undefined, afterwards: readonly Outcome[]): void;
}

/**
 * The features as one: `admitted` and `valid` ask each in turn until one answers or drops (gathering the
 * `afterwards` of those that only wait); `served` tells all. It runs on a socket's `close` event, where a
 * throw would be uncaught and end the process: a fault is logged with the request id instead.
 */
export function chainFeatures(
  list: readonly Feature[],
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): FeatureChain {
  const failed = (requestId: string, error: unknown) =>
    log(`mock: request ${requestId} after-answer step failed: ${(error as Error)?.stack ?? String(error)}`);
  return {
    admitted: (exchange) => firstAnswer(list, (f) => f.admitted?.(exchange)),
    valid: (exchange, body) => firstAnswer(list, (f) => f.valid?.(exchange, body)),
    served(served, session, outcomes) {
      for (const feature of list) {
        try {
          feature.served?.(served, session);
        } catch (error) {
          failed(served.requestId, error);
        }
      }
      for (const outcome of outcomes) {
        try {
          outcome.afterwards?.(served);
        } catch (error) {
          failed(served.requestId, error);
        }
      }
    },
  };
}

/** The first outcome that answers or drops, carrying the `afterwards` of those before it that only waited. */
async function firstAnswer(
  list: readonly Feature[],
  ask: (feature: Feature) => Promise<Outcome | undefined> | undefined,
): Promise<Outcome | undefined> {
  let waits: ((served: ServedRequest) => void)[] | undefined;
  for (const feature of list) {
    const asked = ask(feature);
    const outcome = asked && (await asked);
    if (!outcome) continue;
    if (outcome.afterwards) {
      waits ??= [];
      waits.push(outcome.afterwards);
    }
    if (outcome.answer || outcome.drop) return { ...outcome, afterwards: waits && together(waits) };
  }
  return waits && { afterwards: together(waits) };
}

const together =
  (steps: readonly ((served: ServedRequest) => void)[]) =>
  (served: ServedRequest): void => {
    for (const step of steps) step(served);
  };
