// Where the contract ties a response field to the request (`x-equals` on a response schema, the model's
// `Response.rules`), the mock makes it so: Prism serves static examples, which cannot know the request.
// Nothing here names an operation: every rule the contract states is obeyed, from the model.
import { type FieldRule, type Operation, responseFor } from '@banking-api/contract';

type Echo = (body: Record<string, unknown>, params: Readonly<Record<string, string>>) => void;

/** The echo of an operation's answer with `status`: its path-parameter rules applied to a body. */
export function echoFor(op: Operation, status: number): Echo | undefined {
  const rules = (responseFor(op, status)?.rules ?? []).filter((r) => r.equals.source === 'path');
  if (rules.length === 0) return undefined;
  return (body, params) => {
    for (const rule of rules) {
      const value = params[rule.equals.name ?? ''];
      if (value !== undefined) setAt(body, rule.pointer, value);
    }
  };
}

/** Sets the field at a JSON Pointer when every object on the way exists (the example's shape is kept). */
function setAt(body: Record<string, unknown>, pointer: FieldRule['pointer'], value: string): void {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((k) => k.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop();
  let node: unknown = body;
  for (const key of keys)
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  if (last !== undefined && node && typeof node === 'object' && !Array.isArray(node))
    (node as Record<string, unknown>)[last] = value;
}
