// The mock's reason in an error body made from the contract's schema: a made-up value says nothing ("string"),
// so the fields whose names say what they hold (Open Finance Brasil's `errors[].code/title/detail`, a
// `message`, a `status`) get the real code, title, reason and status, each kept only while the whole body
// stays valid against the schema (a `maxLength`, an enum of codes, a pattern).
import type { MediaType } from '@banking-api/contract';
import { breaksSchema } from './documented-body.ts';

export interface Reason {
  code: string;
  title: string;
  detail: string;
  status: number;
}

// Which part of the reason a field takes, by its name (English and Portuguese spellings).
const FIELDS: [RegExp, keyof Reason][] = [
  [/^(code|codigo|error_?code)$/i, 'code'],
  [/^(title|titulo)$/i, 'title'],
  [/^(detail|details|message|mensagem|description|descricao|reason|motivo)$/i, 'detail'],
  [/^(status|status_?code)$/i, 'status'],
];
/** Fields looked at, at most: a made-up body is small, a hostile schema's need not be. */
const MAX_FIELDS = 64;
const MAX_DEPTH = 4;

/** `value` (a copy) with the reason in the fields that take it; `value` itself when nothing fits. */
export function withReason(media: MediaType, value: unknown, reason: Reason): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const body = structuredClone(value) as Record<string, unknown>;
  for (const [holder, key, part] of fields(body)) {
    const before = holder[key];
    const wanted = reason[part];
    if (typeof before !== typeof wanted) continue;
    holder[key] = wanted;
    if (breaksSchema(media, body)) holder[key] = before;
  }
  return body;
}

type Field = [holder: Record<string, unknown>, key: string, part: keyof Reason];

/** The fields of `root` that take a part of the reason, outermost first (first item of each list only). */
function fields(root: Record<string, unknown>): Field[] {
  const found: Field[] = [];
  const todo: [Record<string, unknown>, number][] = [[root, 0]];
  for (let seen = 0, next = todo.shift(); next && seen < MAX_FIELDS; next = todo.shift()) {
    const [node, depth] = next;
    for (const [key, child] of Object.entries(node)) {
      seen++;
      const part = FIELDS.find(([name]) => name.test(key))?.[1];
      if (part) found.push([node, key, part]);
      const inner = Array.isArray(child) ? child[0] : child;
      if (depth < MAX_DEPTH && typeof inner === 'object' && inner !== null)
        todo.push([inner as Record<string, unknown>, depth + 1]);
    }
  }
  return found;
}
