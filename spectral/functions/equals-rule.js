// `x-equals` on a response schema property states what the field equals: `{ source: path|query|header,
// name }` (a parameter of the request), `{ source: status }` (the answer's HTTP status) or
// `{ source: request-path }` (the path the request was sent to). The marker must
// have that shape, and a parameter it names must be one every operation reaching it has.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { deref } from './local-refs.js';

const SOURCES = ['path', 'query', 'header', 'status', 'request-path'];
const UNNAMED = ['status', 'request-path'];

function parameterNames(doc, op, pathKey, path) {
  const names = new Set();
  const add = (params, base) => {
    for (const [i, param] of (params ?? []).entries()) {
      const { node } = deref(doc, param, [...base, 'parameters', i]);
      if (node?.name && node?.in) names.add(`${node.in}:${node.name}`);
    }
  };
  add(doc.paths?.[pathKey]?.parameters, ['paths', pathKey]);
  add(op.parameters, path);
  return names;
}

/** Every `x-equals` under a schema (through properties), with the path where it is written. */
function markers(doc, schema, path, seen = new Set()) {
  const { node, path: at } = deref(doc, schema, path);
  const key = at.join('/');
  if (!node || typeof node !== 'object' || seen.has(key)) return [];
  seen.add(key);
  const found =
    node['x-equals'] !== undefined ? [{ marker: node['x-equals'], path: [...at, 'x-equals'] }] : [];
  for (const [name, child] of Object.entries(node.properties ?? {}))
    found.push(...markers(doc, child, [...at, 'properties', name], seen));
  return found;
}

function problemOf(marker, names) {
  if (!marker || typeof marker !== 'object' || !SOURCES.includes(marker.source))
    return '`x-equals` must be `{ source: path|query|header, name }` or `{ source: status|request-path }`.';
  if (UNNAMED.includes(marker.source))
    return marker.name === undefined
      ? undefined
      : `\`x-equals: { source: ${marker.source} }\` takes no name.`;
  if (typeof marker.name !== 'string')
    return `\`x-equals: { source: ${marker.source} }\` must name the parameter.`;
  if (!names.has(`${marker.source}:${marker.name}`))
    return `\`x-equals\` names ${marker.source} parameter "${marker.name}", which the operation lacks.`;
  return undefined;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  (op, _opts, { path, document }) => {
    const doc = document.data;
    const [, pathKey] = path;
    const names = parameterNames(doc, op, pathKey, path);
    const problems = [];
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const { node: response, path: at } = deref(doc, raw, [...path, 'responses', status]);
      for (const [media, content] of Object.entries(response?.content ?? {})) {
        if (!content?.schema) continue;
        for (const found of markers(doc, content.schema, [...at, 'content', media, 'schema'])) {
          const message = problemOf(found.marker, names);
          if (message) problems.push({ message, path: found.path });
        }
      }
    }
    return problems;
  },
);
