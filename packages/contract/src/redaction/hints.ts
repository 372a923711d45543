// The contract's own word on what is secret: every property of an operation's parameters, request and
// response bodies whose schema says `format: password` or `writeOnly: true`, or whose name is a
// secret's. Read from the model (any contract), not listed per operation.
import type { ContractModel, JsonSchema } from '../model.js';
import { resolveSchema } from '../schemas.js';
import { keyName, secretKeyTest } from './secrets.js';

/** Key names (in `keyName` spelling) the contract marks or names as secret. */
export function secretFieldNames(model: ContractModel): Set<string> {
  const names = new Set<string>();
  const isSecretName = secretKeyTest();
  const seen = new Set<object>();
  const visit = (written: unknown, name: string | undefined) => {
    if (!written || typeof written !== 'object') return;
    const s = resolveSchema(written as JsonSchema); // a `$ref` followed; `seen` ends a recursive one
    if (name && (s.format === 'password' || s.writeOnly === true || isSecretName(name)))
      names.add(keyName(name));
    if (seen.has(s)) return;
    seen.add(s);
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
      visit(child, key);
    for (const keyword of ['items', 'additionalProperties', 'not', 'contains'] as const)
      visit(s[keyword], name);
    for (const keyword of ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const)
      for (const child of (s[keyword] as unknown[]) ?? []) visit(child, name);
  };
  for (const op of model.operations) {
    for (const p of op.parameters) visit(p.schema, p.name);
    for (const media of op.requestBody?.content ?? []) {
      visit(media.schema, undefined);
      for (const field of media.fields ?? []) visit(field.schema, field.name);
    }
    for (const response of op.responses) for (const media of response.content) visit(media.schema, undefined);
  }
  return names;
}
