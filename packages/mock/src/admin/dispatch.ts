// The admin route, under /__mock/ on the gateway itself (admin-openapi.yaml describes it; admin/table.ts
// lists it): sessions, and each session's journal, faults, stubs, reset and tokens; the usage record. The
// gateway dispatches a request here once it is admitted, with the same mTLS and token checks as every
// request; this route then asks a token with the `mock.admin` scope, which an ordinary client token lacks. A
// session's routes act on the session the `x-mock-session` header names (the default one without it).
import { adminPrefix, adminScope } from '../api/names.ts';
import type { Exchange } from '../features/feature.ts';
import { type Answer, jsonAnswer } from '../http/answer.ts';
import { envelope } from '../http/envelope.ts';
import { type AdminState, handlerOf } from './handlers.ts';
import { allPlaces, type Place } from './table.ts';

/** The answer of the admin route to an admitted request under /__mock/. */
export type AdminRoute = (exchange: Exchange) => Promise<Answer>;

export function adminRoute(state: AdminState): AdminRoute {
  const places = allPlaces();
  return async (exchange) => {
    const { request, caller } = exchange;
    const { path } = request.target;
    if (!caller.scopes?.has(adminScope)) {
      const message = `The admin route needs a token with the scope ${adminScope}.`;
      return jsonAnswer(403, envelope(403, 'FORBIDDEN', message, path));
    }
    const [resource = '', ...rest] = path.slice(adminPrefix.length).split('/');
    const segment = decodeURIComponent(rest.join('/'));
    const place = placeOf(places, request.method, resource, segment);
    if (!place) return unrouted(places, request.method, resource, path);
    return handlerOf(place, state)(exchange, segment);
  };
}

/** The route of a method and resource; of two (`DELETE stubs` and `DELETE stubs/{id}`), the one the segment fits. */
function placeOf(
  places: readonly Place[],
  method: string,
  resource: string,
  segment: string,
): Place | undefined {
  const candidates = places.filter((p) => p.method === method && p.resource === resource);
  const fits = (p: Place) =>
    p.segment === 'optional' || (segment ? p.segment === 'required' : p.segment === 'none');
  return candidates.find(fits) ?? candidates[0];
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'DELETE'];

/** 405 with `Allow` for a resource the route has under other methods, else 404. */
function unrouted(places: readonly Place[], method: string, resource: string, path: string): Answer {
  const methods = new Set(places.filter((p) => p.resource === resource).map((p) => p.method as string));
  const allowed = METHOD_ORDER.filter((m) => methods.has(m));
  if (allowed.length) {
    const message = `${path} takes ${allowed.join(', ')}, not ${method}.`;
    return jsonAnswer(405, envelope(405, 'METHOD_NOT_ALLOWED', message, path), { allow: allowed.join(', ') });
  }
  return jsonAnswer(404, envelope(404, 'NOT_FOUND', `No admin route ${method} ${path}.`, path));
}
