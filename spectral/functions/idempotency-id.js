// Idempotent-by-URL operations (`x-idempotency: { in: path, name: id }`) describe that path parameter as the
// idempotency identifier; PUTs on /ar/...{id} paths are the contract's idempotent ones and must say so.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { deref } from './local-refs.js';

const SAYS_IDEMPOTENCY = /idempotency identifier/i;

function findParam(doc, params, basePath, name) {
  for (const [i, param] of (params ?? []).entries()) {
    const found = deref(doc, param, [...basePath, 'parameters', i]);
    if (found.node?.in === 'path' && found.node?.name === name) return found;
  }
  return undefined;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  (op, _opts, { path, document }) => {
    const doc = document.data;
    const [, pathKey, method] = path;
    const marker = op['x-idempotency'];
    if (!marker) {
      if (method !== 'put' || !/^\/ar\/.*\{id\}/.test(pathKey)) return [];
      return [
        {
          message: `PUT ${pathKey} is idempotent by URL: declare \`x-idempotency: { in: path, name: id }\`.`,
          path,
        },
      ];
    }
    if (marker.in !== 'path' || typeof marker.name !== 'string') {
      return [
        {
          message: '`x-idempotency` must be `{ in: path, name: <path parameter> }`.',
          path: [...path, 'x-idempotency'],
        },
      ];
    }
    const param =
      findParam(doc, op.parameters, path, marker.name) ??
      findParam(doc, doc.paths?.[pathKey]?.parameters, ['paths', pathKey], marker.name);
    if (!param) {
      return [
        {
          message: `\`x-idempotency\` names path parameter "${marker.name}", which the operation lacks.`,
          path: [...path, 'x-idempotency'],
        },
      ];
    }
    if (SAYS_IDEMPOTENCY.test(param.node.description ?? '')) return [];
    return [
      {
        message: `Path parameter "${marker.name}" must be described as the idempotency identifier.`,
        path: param.path,
      },
    ];
  },
);
