// Our rule on top of the engine: a renamed path parameter breaks the generated client.
// The engine sees `/refund/{id}` → `/refund/{refundId}` as the same endpoint (the URL on the wire is
// unchanged) and rates it a patch. For openapi-typescript + openapi-fetch it is not: the path template
// is the key callers write (`client.PUT('/refund/{id}', { params: { path: { id } } })`), so both the key
// and the `params.path` field name change and every existing call stops compiling.
import type { Change } from './classify.ts';
import { listOperations } from './operations.ts';

const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}');
const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);

export function renamedPathParameters(base: unknown, head: unknown): Change[] {
  const headOps = listOperations(head);
  const changes: Change[] = [];
  for (const op of listOperations(base).values()) {
    if (headOps.has(op.key)) continue;
    const renamed = [...headOps.values()].find(
      (h) => h.method === op.method && template(h.path) === template(op.path) && h.path !== op.path,
    );
    if (!renamed) continue;
    const before = names(op.path);
    const after = names(renamed.path);
    const pairs = before.flatMap((b, i) => (b !== after[i] ? [`\`${b}\` → \`${after[i]}\``] : []));
    changes.push({
      impact: 'major',
      operations: [renamed.key],
      rule: 'path-parameter-renamed',
      source: 'review',
      message: `Path parameter renamed (${pairs.join(', ')}): the generated client's path key \`${op.path}\` becomes \`${renamed.path}\` and its \`params.path\` fields change, so existing calls stop compiling.`,
      pointer: `#/paths/${renamed.path.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    });
  }
  return changes;
}
