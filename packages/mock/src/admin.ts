// The admin route, under /__mock/ on the gateway itself: the journal, the faults and the sandbox's
// reset. It takes the same mTLS and token checks as every request, and in addition a token with the
// `mock.admin` scope, which an ordinary client token lacks.
import { envelope } from './envelope.ts';
import { checkedFault, type Fault, type FaultRules } from './faults.ts';
import {
  bodyOf,
  emptyAnswer,
  type GatewayHooks,
  type HookAnswer,
  jsonAnswer,
  type RequestContext,
} from './hooks.ts';
import { adminPrefix, type Journal } from './journal.ts';
import type { Sandbox } from './state.ts';
import { bearerCredential, type TokenVerifier } from './tokens.ts';

/** The scope of the admin credential. */
export const adminScope = 'mock.admin';

export interface AdminOptions {
  verifier: TokenVerifier;
  journal: Journal;
  faults: FaultRules;
  /** Absent when the mock is stateless: a reset has nothing to forget. */
  sandbox: Sandbox | undefined;
  /** The usage document (usage.ts), for GET /__mock/usage. */
  usage?: () => unknown;
}

type Route = (ctx: RequestContext, rest: string) => Promise<HookAnswer>;

export function adminHooks(options: AdminOptions): GatewayHooks {
  const routes = adminRoutes(options);
  return {
    async onRequest(ctx) {
      if (!ctx.path.startsWith(adminPrefix)) return undefined;
      const refusal = await refusalOf(options.verifier, ctx);
      if (refusal) return refusal;
      const [resource = '', ...rest] = ctx.path.slice(adminPrefix.length).split('/');
      const route = routes[`${ctx.req.method} ${resource}`];
      if (!route)
        return jsonAnswer(
          404,
          envelope(404, 'NOT_FOUND', `No admin route ${ctx.req.method} ${ctx.path}.`, ctx.path),
        );
      return route(ctx, decodeURIComponent(rest.join('/')));
    },
  };
}

/** A 403 unless the token carries the admin scope (the gateway has checked that it is valid). */
async function refusalOf(verifier: TokenVerifier, ctx: RequestContext): Promise<HookAnswer | undefined> {
  const check = await verifier.verify(bearerCredential(ctx.req.headers.authorization));
  if (check.ok && check.token.scopes.has(adminScope)) return undefined;
  return jsonAnswer(
    403,
    envelope(403, 'FORBIDDEN', `The admin route needs a token with the scope ${adminScope}.`, ctx.path),
  );
}

function adminRoutes({ journal, faults, sandbox, usage }: AdminOptions): Record<string, Route> {
  return {
    'GET usage': async () => jsonAnswer(200, usage?.() ?? {}),
    'GET journal': async () => jsonAnswer(200, { entries: journal.entries() }),
    'DELETE journal': async () => {
      journal.clear();
      return emptyAnswer(204);
    },
    'GET faults': async () => jsonAnswer(200, { faults: faults.list() }),
    'PUT faults': async (ctx, operationId) =>
      faults.knows(operationId)
        ? setFault(faults, ctx, operationId)
        : badRequest(
            ctx,
            `No operation ${operationId || '(none)'}: PUT /__mock/faults/{operationId} or /__mock/faults/*.`,
          ),
    'DELETE faults': async (_ctx, operationId) => {
      faults.clear(operationId || undefined);
      return emptyAnswer(204);
    },
    'POST reset': async (ctx) => {
      if (!sandbox)
        return jsonAnswer(409, envelope(409, 'NOT_STATEFUL', 'The mock runs without --stateful.', ctx.path));
      sandbox.reset();
      return emptyAnswer(204);
    },
  };
}

/** PUT /__mock/faults/{operationId or *} with a Fault as the body. */
async function setFault(faults: FaultRules, ctx: RequestContext, operationId: string): Promise<HookAnswer> {
  try {
    const fault = checkedFault(JSON.parse((await bodyOf(ctx)).toString('utf8')) as Fault);
    faults.set(operationId, fault);
    return jsonAnswer(200, { operationId, fault });
  } catch (error) {
    return badRequest(ctx, (error as Error).message);
  }
}

function badRequest(ctx: RequestContext, message: string): HookAnswer {
  const detail = { location: 'body', code: 'invalid', message };
  return jsonAnswer(400, envelope(400, 'VALIDATION_ERROR', 'The request is invalid.', ctx.path, [detail]));
}
