// A path parameter renamed (`/refund/{id}` → `/refund/{refundId}`): the same URL on the wire, but for the
// generated client (openapi-typescript + openapi-fetch) the path template is the key callers write
// (`client.PUT('/refund/{id}', { params: { path: { id } } })`), so both the key and the `params.path` field
// change and every existing call stops compiling. Reported under the operation's new key.
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] ?? '');

export const pathParameterRenamed: OperationRule = {
  level: 'operation',
  name: 'path-parameter-renamed',
  produces: ['path-parameter-renamed'],
  covers: [
    'a path parameter renamed (`/refund/{id}` → `/refund/{refundId}`): breaking for the generated client, one finding under the new key',
  ],
  oasdiff: [],
  compare(before, after) {
    if (!before || !after || before.path === after.path || before.owner !== 'path') return [];
    const [old, now] = [names(before.path), names(after.path)];
    const renamed = old.flatMap((b, i) => (b !== now[i] ? [`${code(b)} → ${code(now[i] ?? '')}`] : []));
    return [
      {
        rule: 'path-parameter-renamed',
        message: `Path parameter renamed (${renamed.join(', ')}): the generated client's path key ${code(before.path)} becomes ${code(after.path)} and its \`params.path\` fields change, so existing calls stop compiling.`,
        at: { side: 'head', pointer: after.itemAt },
        impact: 'major',
      },
    ];
  },
};
