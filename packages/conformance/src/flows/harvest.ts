// Identifiers a server issued, read from its answers: a string field whose name is an identifier input
// of the contract (`endToEndId`), or an `id` named by where it sits — `refund.id` is a `refundId`, and an
// `id` in the items an operation lists (`listWebhookLogs` → `webhookLogId`). The walk is bounded.
import type { Operation } from '@banking-api/contract';

const MAX_DEPTH = 8;
const MAX_VALUES = 200;

/** `listWebhookLogs` → `webhookLog`: the operationId without its leading verb, in the singular. */
export function nounOf(operationId: string): string {
  const noun = operationId.replace(/^[a-z]+/, '');
  const singular = noun.replace(/ies$/, 'y').replace(/s$/, '');
  return singular.charAt(0).toLowerCase() + singular.slice(1);
}

export function harvest(op: Operation, body: unknown, wanted: ReadonlySet<string>): Record<string, string> {
  const found: Record<string, string> = {};
  let seen = 0;
  const keep = (name: string, value: unknown) => {
    if (typeof value === 'string' && value && wanted.has(name) && !(name in found)) found[name] = value;
  };
  const walk = (value: unknown, owner: string, depth: number): void => {
    if (depth > MAX_DEPTH || seen++ > MAX_VALUES || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, nounOf(op.operationId), depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'id' && owner) keep(`${owner}Id`, child);
      keep(key, child);
      walk(child, key === 'data' ? owner : key, depth + 1);
    }
  };
  walk(body, '', 0);
  return found;
}
