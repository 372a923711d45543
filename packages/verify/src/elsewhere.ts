// Operations served elsewhere than the target: one that names servers of its own (operation- or path-level
// `servers`: the Pix API's `GET /rec/{recUrlAccessToken}`, on the receiving PSP's host) is not reached at
// the document's base, which --target stands for. A run does not fail it for what another operation of
// the same template answers there: it skips it with a note naming its servers, unless --include names it
// (the team pointed --target at that server).
import type { ContractModel, Operation } from '@banking-api/contract';

/** Whether `op` is served at servers of its own, none of them the document's. */
export function servedElsewhere(model: ContractModel, op: Operation): boolean {
  const own = op.ownServers ?? [];
  if (own.length === 0) return false;
  const base = new Set(model.servers.map((s) => s.url));
  return !own.some((url) => base.has(url));
}

export const elsewhereNote = (op: Operation): string =>
  `not verified: served at ${(op.ownServers ?? []).join(' or ')} (servers of its own), not at the target's base; ` +
  `--include ${op.operationId} with --target at that server verifies it`;
