// Our rule on top of the engine: a renamed path parameter breaks the generated client.
// The engine sees `/refund/{id}` → `/refund/{refundId}` as the same endpoint (the URL on the wire is
// unchanged) and rates it a patch. For openapi-typescript + openapi-fetch it is not: the path template
// is the key callers write (`client.PUT('/refund/{id}', { params: { path: { id } } })`), so both the key
// and the `params.path` field name change and every existing call stops compiling.
import { escapePointerFragment } from '@redocly/openapi-core';
import type { Draft } from '../finding.ts';
import type { Rule } from './rule.ts';

const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1);

/** "`id` → `refundId`" for each parameter whose name differs between the two templates. */
function renamedNames(before: string, after: string): string[] {
  const [old, now] = [names(before), names(after)];
  return old.flatMap((b, i) => (b !== now[i] ? [`\`${b}\` → \`${now[i]}\``] : []));
}

function renamed(oldKey: string, newKey: string, headFile: string): Draft {
  const [before, after] = [pathOf(oldKey), pathOf(newKey)];
  return {
    rule: 'path-parameter-renamed',
    impact: 'major',
    message: `Path parameter renamed (${renamedNames(before, after).join(', ')}): the generated client's path key \`${before}\` becomes \`${after}\` and its \`params.path\` fields change, so existing calls stop compiling.`,
    source: 'review',
    at: { side: 'head', file: headFile, pointer: `#/paths/${escapePointerFragment(after)}` },
    operations: [newKey],
  };
}

export const pathParameterRenamed: Rule = {
  name: 'path-parameter-renamed',
  covers: [
    'a path parameter renamed (`/refund/{id}` → `/refund/{refundId}`): breaking for the generated client',
  ],
  run: ({ sides, files }) =>
    [...sides.renames].map(([oldKey, newKey]) => renamed(oldKey, newKey, files.head)),
};
