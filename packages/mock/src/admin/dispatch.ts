// The admin route, under /__mock/ on the gateway itself (admin-openapi.yaml describes it): sessions, and
// each session's journal, faults, stubs and reset; the usage record. It takes the same mTLS and token checks
// as every request, and in addition a token with the `mock.admin` scope, which an ordinary client token
// lacks. A session's routes act on the session the `x-mock-session` header names (the default one without
// it), as every request does.
import { type AdminRoute, type AdminState, adminRoutes } from './admin-routes.ts';
import { envelope } from './envelope.ts';
import { type GatewayHooks, type HookAnswer, jsonAnswer, type RequestContext } from './hooks.ts';
import { adminPrefix } from './journal.ts';
import { bearerCredential, type TokenVerifier } from './tokens.ts';

/** The scope of the admin credential. */
export const adminScope = 'mock.admin';

export interface AdminOptions extends AdminState {
  verifier: TokenVerifier;
}

export function adminHooks(options: AdminOptions): GatewayHooks {
  const routes = adminRoutes(options);
  return {
    async onRequest(ctx) {
      if (!ctx.path.startsWith(adminPrefix)) return undefined;
      const refusal = await refusalOf(options.verifier, ctx);
      if (refusal) return refusal;
      const [resource = '', ...rest] = ctx.path.slice(adminPrefix.length).split('/');
      const route: AdminRoute | undefined = routes[`${ctx.req.method} ${resource}`];
      ctx.answeredBy = 'mock';
      if (!route) return unrouted(Object.keys(routes), ctx, resource);
      return route(ctx, decodeURIComponent(rest.join('/')));
    },
  };
}

/** 405 with `Allow` for a resource the route has under other methods, else 404. */
function unrouted(routes: string[], ctx: RequestContext, resource: string): HookAnswer {
  const allowed = routes.filter((r) => r.endsWith(` ${resource}`)).map((r) => r.split(' ')[0]);
  const method = ctx.req.method ?? 'GET';
  if (allowed.length) {
    const message = `${ctx.path} takes ${allowed.join(', ')}, not ${method}.`;
    return jsonAnswer(405, envelope(405, 'METHOD_NOT_ALLOWED', message, ctx.path), {
      allow: allowed.join(', '),
    });
  }
  return jsonAnswer(404, envelope(404, 'NOT_FOUND', `No admin route ${method} ${ctx.path}.`, ctx.path));
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
