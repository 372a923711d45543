// Our rule on top of the engine: a renamed path parameter breaks the generated client.
// The engine sees `/refund/{id}` → `/refund/{refundId}` as the same endpoint (the URL on the wire is
// unchanged) and rates it a patch. For openapi-typescript + openapi-fetch it is not: the path template
// is the key callers write (`client.PUT('/refund/{id}', { params: { path: { id } } })`), so both the key
// and the `params.path` field name change and every existing call stops compiling.

import type { ContractModel, Operation } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import type { Change } from './change.ts';

const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);

/** Operations whose path template changed only in parameter names: old "METHOD /path" → new. */
export function renamedOperations(base: ContractModel, head: ContractModel): Map<string, string> {
  const headKeys = new Set(head.operations.map((op) => op.key));
  const sameEndpoint = (op: Operation) => (h: Operation) =>
    h.method === op.method && template(h.path) === template(op.path);
  const renames = new Map<string, string>();
  for (const op of base.operations) {
    if (headKeys.has(op.key)) continue;
    const renamed = head.operations.find(sameEndpoint(op));
    if (renamed) renames.set(op.key, renamed.key);
  }
  return renames;
}

/** One breaking `path-parameter-renamed` change per renamed operation, under its new key. */
export function renamedPathParameters(renames: Map<string, string>): Change[] {
  return [...renames].map(([oldKey, newKey]) => {
    const [before, after] = [oldKey, newKey].map((k) => k.slice(k.indexOf(' ') + 1)) as [string, string];
    const pairs = names(before).flatMap((b, i) =>
      b !== names(after)[i] ? [`\`${b}\` → \`${names(after)[i]}\``] : [],
    );
    return {
      impact: 'major',
      operations: [newKey],
      rule: 'path-parameter-renamed',
      source: 'review',
      message: `Path parameter renamed (${pairs.join(', ')}): the generated client's path key \`${before}\` becomes \`${after}\` and its \`params.path\` fields change, so existing calls stop compiling.`,
      pointer: `#/paths/${escapePointerFragment(after)}`,
    };
  });
}
