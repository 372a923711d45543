// Every request body and every 2xx response shows named examples: `examples` entries that `$ref`
// components/examples (so docs, mock and tests share one set of values).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { deref, lookup, operationLabel, successResponses } from './local-refs.js';

function checkContent(doc, holder, holderPath, what) {
  const problems = [];
  const content = holder?.content;
  if (!content || Object.keys(content).length === 0) {
    return [{ message: `${what} has no content to show an example for.`, path: holderPath }];
  }
  for (const [mediaType, media] of Object.entries(content)) {
    const at = [...holderPath, 'content', mediaType];
    const examples = media?.examples;
    if (!examples || Object.keys(examples).length === 0) {
      problems.push({ message: `${what} (${mediaType}) needs \`examples\` with a named example.`, path: at });
      continue;
    }
    for (const [name, example] of Object.entries(examples)) {
      const ref = example?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/components/examples/')) {
        problems.push({
          message: `Example "${name}" must be a \`$ref\` to components/examples.`,
          path: [...at, 'examples', name],
        });
      } else if (!lookup(doc, ref)) {
        problems.push({
          message: `Example "${name}" refers to missing ${ref}.`,
          path: [...at, 'examples', name, '$ref'],
        });
      }
    }
  }
  return problems;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  (op, _opts, { path, document }) => {
    const doc = document.data;
    const label = operationLabel(path);
    const problems = [];
    if (op.requestBody) {
      const body = deref(doc, op.requestBody, [...path, 'requestBody']);
      problems.push(...checkContent(doc, body.node, body.path, `${label}: request body`));
    }
    for (const res of successResponses(doc, op, path)) {
      problems.push(...checkContent(doc, res.node, res.path, `${label}: ${res.status} response`));
    }
    return problems;
  },
);
