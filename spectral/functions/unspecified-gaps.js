// Where the contract says "not shown", the operation carries an `x-unspecified` item instead of a guess:
// a body schema without a `required` list needs topic required-fields; a free-form 2xx needs topic response.
// Problems point at the operation's own lines: the marker belongs on the operation.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { deref, operationLabel, successResponses } from './local-refs.js';

const hasTopic = (op, topic) =>
  Array.isArray(op['x-unspecified']) && op['x-unspecified'].some((u) => u?.topic === topic);

const isObject = (value) => value !== null && typeof value === 'object';

/** A schema that names no record: no properties, no composition, no items (after following refs). */
function isFreeForm(schema) {
  if (!isObject(schema)) return true;
  if (schema.properties && Object.keys(schema.properties).length > 0) return false;
  if (
    schema.allOf ||
    schema.oneOf ||
    schema.anyOf ||
    schema.items ||
    schema.const !== undefined ||
    schema.enum
  )
    return false;
  const types = [schema.type].flat().filter(Boolean);
  return types.length === 0 || types.includes('object');
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  (op, _opts, { path, document }) => {
    const doc = document.data;
    const label = operationLabel(path);
    const problems = [];
    if (op.requestBody && !hasTopic(op, 'required-fields')) {
      const body = deref(doc, op.requestBody, []);
      for (const [mediaType, media] of Object.entries(body.node?.content ?? {})) {
        const schema = deref(doc, media?.schema, []).node;
        const props = schema?.properties;
        if (isObject(props) && Object.keys(props).length > 0 && !Array.isArray(schema.required)) {
          problems.push({
            message: `${label}: the body schema has no \`required\` list; add an \`x-unspecified\` item with topic required-fields.`,
            path: op.requestBody.$ref
              ? [...path, 'requestBody']
              : [...path, 'requestBody', 'content', mediaType, 'schema'],
          });
        }
      }
    }
    if (!hasTopic(op, 'response')) {
      for (const { status, node } of successResponses(doc, op, path)) {
        const media = Object.values(node?.content ?? {});
        if (media.length === 0 || media.some((m) => isFreeForm(deref(doc, m?.schema, []).node))) {
          problems.push({
            message: `${label}: the ${status} response is free-form; add an \`x-unspecified\` item with topic response.`,
            path: [...path, 'responses', status],
          });
        }
      }
    }
    return problems;
  },
);
