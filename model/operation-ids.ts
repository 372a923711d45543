// The id of an operation the contract gives no `operationId` (OpenAPI makes it optional: the Central Bank's
// Pix API gives none). Derived from the method and the path template alone, so it is stable: the same
// operation has the same id whatever else the document holds or in which order. The method, then each path
// segment in PascalCase, a parameter as `By` and its name: `GET /cob/{txid}` → `getCobByTxid`,
// `PUT /pix/{e2eid}/devolucao/{id}` → `putPixByE2eidDevolucaoById`, `GET /` → `getRoot`. Where that id is
// one the contract or another derived id already names (`/a-b` and `/a_b`), the derived ones get the
// first 8 hex digits of the SHA-256 of `METHOD path`: still the same for the same operation.
import { createHash } from 'node:crypto';

const words = (text: string): string[] => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (text: string): string =>
  words(text)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/** `getCobByTxid` for `GET /cob/{txid}`, before any clash is settled. */
export function derivedOperationId(method: string, path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${pascal(parameter[1] as string)}` : pascal(segment);
    });
  return `${method.toLowerCase()}${segments.join('') || 'Root'}`;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * The operationId of each operation (by key), the contract's where it gives one, derived where not; a
 * derived id that clashes with another id gets its key's hash (`getAB_1a2b3c4d`).
 */
export function operationIds(
  operations: readonly { key: string; method: string; path: string; operationId?: string }[],
): Map<string, { id: string; derived: boolean }> {
  const given = new Set(operations.flatMap((op) => (op.operationId ? [op.operationId] : [])));
  const derived = operations
    .filter((op) => !op.operationId)
    .map((op) => [op, derivedOperationId(op.method, op.path)] as const);
  const count = new Map<string, number>();
  for (const [, id] of derived) count.set(id, (count.get(id) ?? 0) + 1);
  const ids = new Map<string, { id: string; derived: boolean }>();
  for (const op of operations) if (op.operationId) ids.set(op.key, { id: op.operationId, derived: false });
  for (const [op, id] of derived) {
    const clashes = given.has(id) || (count.get(id) ?? 0) > 1;
    ids.set(op.key, { id: clashes ? `${id}_${hashOf(op.key)}` : id, derived: true });
  }
  return ids;
}
