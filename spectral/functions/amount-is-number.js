// Monetary `amount` fields are JSON numbers (integer or decimal), never strings or integers only.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { deref } from './local-refs.js';

export default createRulesetFunction({ input: null, options: null }, (amount, _opts, { path, document }) => {
  const { node, path: at } = deref(document.data, amount, path);
  if (node?.type === 'number') return [];
  return [
    { message: `\`amount\` must be \`type: number\` (found ${JSON.stringify(node?.type)}).`, path: at },
  ];
});
