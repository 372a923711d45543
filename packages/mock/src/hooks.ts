// The one place where the mock's own features (stateful sandbox, faults, journal, admin route) meet the
// gateway's request path: `onRequest` runs after a request is routed and admitted (certificate, token,
// scopes) and may answer in Prism's place; `onResponse` runs once the answer is finished, for every
// request, refused ones included.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteMatch } from '@banking-api/contract';
import type { Environment } from './dev-pki.ts';

export interface RequestContext {
  /** The request as it will be forwarded; a hook that has read the body puts a replay of it here. */
  req: IncomingMessage;
  res: ServerResponse;
  /** The request path without the query, percent-encoded. */
  path: string;
  /** The operation the request names, if any. */
  match: RouteMatch | undefined;
  /** The environment of the client certificate. */
  env: Environment | undefined;
  /** Epoch milliseconds when the request arrived. */
  started: number;
  /** Set when a hook answered in Prism's place (nothing was validated). */
  answeredByHook?: boolean;
  /** Set when a hook dropped the connection instead of answering. */
  dropped?: boolean;
  /** The request body, once a hook has read it. */
  body?: Buffer;
}

/** An answer given in Prism's place, or a connection dropped without one. */
export type HookAnswer =
  | { status: number; headers?: Record<string, string>; body: string | Buffer }
  | { drop: true };

export interface GatewayHooks {
  onRequest?(ctx: RequestContext): Promise<HookAnswer | undefined>;
  onResponse?(ctx: RequestContext, status: number): void;
}

/** Sends a hook's answer, or drops the connection. */
export function sendHookAnswer(ctx: RequestContext, answer: HookAnswer): void {
  ctx.answeredByHook = true;
  if ('drop' in answer) {
    ctx.dropped = true;
    ctx.req.socket.destroy();
    return;
  }
  if (!ctx.body) ctx.req.resume(); // an unread body is drained so the connection stays usable
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
  ctx.res.writeHead(answer.status, {
    'content-type': 'application/json',
    ...answer.headers,
    'content-length': String(body.length),
  });
  ctx.res.end(body);
}

/** JSON as a hook answer. */
export function jsonAnswer(status: number, value: unknown, headers: Record<string, string> = {}): HookAnswer {
  return { status, headers, body: JSON.stringify(value) };
}

/**
 * Several hooks as one: `onRequest` asks each in turn until one answers; `onResponse` tells all.
 */
export function chainHooks(list: GatewayHooks[]): GatewayHooks {
  return {
    async onRequest(ctx) {
      for (const hooks of list) {
        const answer = await hooks.onRequest?.(ctx);
        if (answer) return answer;
      }
      return undefined;
    },
    onResponse(ctx, status) {
      for (const hooks of list) hooks.onResponse?.(ctx, status);
    },
  };
}
