// The one place where the mock's own features (stateful sandbox, faults, journal, admin route) meet the
// gateway's request path: `onRequest` runs after a request is routed and admitted (certificate, token,
// scopes) and may answer in Prism's place, or drop the connection; `onResponse` runs once the answer is
// finished, for every request with a resource target, refused ones included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Operation, RouteMatch } from '@banking-api/contract';
import type { Environment } from './dev-pki.ts';
import type { Answer } from './forward.ts';
import type { BodyRead } from './limits.ts';
import type { Session } from './session.ts';
import type { ResourceTarget } from './target.ts';

/** What a hook knows of a request. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** The client's `x-request-id` when it is a plain token, else the mock's own. */
  requestId: string;
  /** The normalized path every step checked (no query). */
  path: string;
  /** The gateway's one reading of the request target: hooks take the query from it, never from `req.url`. */
  target: ResourceTarget;
  /** The operation the request names, if any. */
  operation: Operation | undefined;
  /** The operation with its path parameters, if any. */
  match: RouteMatch | undefined;
  /** The environment of the client certificate. */
  env: Environment | undefined;
  /** The session the request belongs to (sessions.ts); the default one unless its header names another. */
  session?: Session;
  /** Set when the request named a session that is not open (it is refused once admitted). */
  unknownSession?: boolean;
  /** Epoch milliseconds when the request arrived. */
  started: number;
  /** The body, read once within the limits by whichever step asks first (the gateway or a hook). */
  readBody(): Promise<BodyRead>;
  /** The body's bytes once read (for the journal). */
  body?: Buffer;
  /** Set when a hook answered in Prism's place. */
  answeredByHook?: boolean;
  /** Set when the request was found valid (by the contract's validators or by Prism). */
  validated?: boolean;
  /** The stub that answered, if one did. */
  stubId?: string;
  /** What made the answer (the journal says it); the gateway's own refusals leave it unset. */
  answeredBy?: AnsweredBy;
  /** Set when a hook dropped the connection instead of answering. */
  dropped?: boolean;
  /** The answer as sent (for the journal), whoever gave it. */
  answer?: Answer;
}

/**
 * What made an answer: Prism; Prism's earlier answer given again (`example`, the fast path); a stub; a
 * fault; the stateful sandbox (`state`); the mock itself (a refusal, an unknown path).
 */
export type AnsweredBy = 'prism' | 'example' | 'stub' | 'fault' | 'state' | 'mock';

/** An answer given in Prism's place, or a connection dropped without one. */
export type HookAnswer = Answer | { drop: true };

export interface GatewayHooks {
  /** As soon as the request is routed, before anything is checked: may note things on the context. */
  onArrival?(ctx: RequestContext): void;
  /** Once the request is admitted, before its body is checked: may answer in Prism's place, or drop it. */
  onRequest?(ctx: RequestContext): Promise<HookAnswer | undefined>;
  /** For a request the contract accepts (`body`: its parsed JSON, or null): may answer in Prism's place. */
  onValidRequest?(ctx: RequestContext, body: unknown): Promise<Answer | undefined>;
  onResponse?(ctx: RequestContext, status: number): void;
}

/** The body's bytes for a hook; a body the limits refuse reads as empty (the gateway answers the refusal). */
export async function bodyOf(ctx: RequestContext): Promise<Buffer> {
  const read = await ctx.readBody();
  return read.ok ? read.body : Buffer.alloc(0);
}

/** JSON as a hook answer. */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

/** An answer without a body (204). */
export function emptyAnswer(status: number): Answer {
  return { status, headers: {} };
}

/**
 * Several hooks as one: `onRequest` asks each in turn until one answers; `onResponse` tells all. A fault
 * in one `onResponse` is logged and the next hook still runs: it runs on a socket's `close` event, where a
 * throw would be uncaught and end the process.
 */
export function chainHooks(
  list: GatewayHooks[],
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): GatewayHooks {
  return {
    onArrival(ctx) {
      for (const hooks of list) hooks.onArrival?.(ctx);
    },
    async onRequest(ctx) {
      for (const hooks of list) {
        const answer = await hooks.onRequest?.(ctx);
        if (answer) return answer;
      }
      return undefined;
    },
    async onValidRequest(ctx, body) {
      for (const hooks of list) {
        const answer = await hooks.onValidRequest?.(ctx, body);
        if (answer) return answer;
      }
      return undefined;
    },
    onResponse(ctx, status) {
      for (const hooks of list) {
        try {
          hooks.onResponse?.(ctx, status);
        } catch (error) {
          log(
            `mock: request ${ctx.requestId} after-answer hook failed: ${(error as Error)?.stack ?? String(error)}`,
          );
        }
      }
    },
  };
}
