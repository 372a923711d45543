// The request the CLI's banner offers to try, read from the contract the mock serves: a team that points the
// mock at its own contract is shown one of its operations, not our webhook path. A GET that a curl with the
// client certificate and a Bearer token can make as printed: on the document's servers, every required
// parameter with an example (headers as `-H`; a declared `Authorization` is the token's), no required
// cookie, and one alternative of its security met by a Bearer token or by the certificate alone. Among
// those, one that asks for a token (it shows the token at work), then one without path parameters, then the
// contract's order.
import type { ContractModel, Operation, SecurityRequirement } from '@banking-api/contract';

export interface TryRequest {
  /** The path and query, examples filled in, percent-encoded. */
  readonly path: string;
  /** Required headers other than Authorization, with their examples. */
  readonly headers: readonly (readonly [string, string])[];
  /** The scopes a token needs for it (none: a token without scopes will do). */
  readonly scopes: readonly string[];
  /** Whether its security asks for a Bearer token at all. */
  readonly needsToken: boolean;
}

export function tryRequest(model: ContractModel): TryRequest | undefined {
  const candidates: { request: TryRequest; rank: number }[] = [];
  for (const op of model.operations) {
    if (op.method !== 'GET' || op.ownServers) continue;
    const request = exampleRequest(op);
    if (!request) continue;
    const rank = (request.needsToken ? 0 : 2) + (op.path.includes('{') ? 1 : 0);
    candidates.push({ request, rank });
    if (rank === 0) break;
  }
  return candidates.sort((a, b) => a.rank - b.rank)[0]?.request;
}

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar => ['string', 'number', 'boolean'].includes(typeof v);

/** The request with every required parameter set to its first example; undefined if one cannot be. */
function exampleRequest(op: Operation): TryRequest | undefined {
  const security = curlSecurity(op);
  if (!security) return undefined;
  let path = op.path;
  const query = new URLSearchParams();
  const headers: [string, string][] = [];
  for (const p of op.parameters.filter((x) => x.required || x.in === 'path')) {
    if (p.in === 'header' && p.name.toLowerCase() === 'authorization') continue;
    const value = p.examples[0]?.value;
    if (p.in === 'cookie' || !isScalar(value)) return undefined;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === 'query') query.append(p.name, String(value));
    else if (/^[\x20-\x7e]*$/.test(String(value)) && !String(value).includes("'"))
      headers.push([p.name, String(value)]);
    else return undefined;
  }
  const search = query.toString();
  return { path: search ? `${path}?${search}` : path, headers, ...security };
}

const isBearer = (r: SecurityRequirement) =>
  r.type === 'oauth2' ||
  r.type === 'openIdConnect' ||
  (r.type === 'http' && r.httpScheme?.toLowerCase() === 'bearer');

/** The first alternative a Bearer token (or the certificate alone) meets, with its scopes; undefined if none. */
function curlSecurity(op: Operation): Pick<TryRequest, 'scopes' | 'needsToken'> | undefined {
  if (op.security.length === 0) return { scopes: [], needsToken: false };
  const met = op.security.find((alt) => alt.every((r) => isBearer(r) || r.type === 'mutualTLS'));
  if (!met) return undefined;
  return { scopes: [...new Set(met.flatMap((r) => r.scopes))], needsToken: met.some(isBearer) };
}
