// Operations whose path template changed only in parameter names: the same endpoint on the wire, reported
// under its new key (rules/path-parameter-renamed.ts says why that breaks the generated client).
import type { ContractModel, Operation } from '@banking-api/contract';

const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

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
