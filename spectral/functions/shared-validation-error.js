// Every operation declares the contract's one 400: the shared ValidationError response, by reference.
import { createRulesetFunction } from '@stoplight/spectral-core';
import { operationLabel } from './local-refs.js';

const SHARED = '#/components/responses/ValidationError';

export default createRulesetFunction({ input: { type: 'object' }, options: null }, (op, _opts, { path }) => {
  const ref = op.responses?.['400']?.$ref;
  if (ref === SHARED) return [];
  const where = op.responses?.['400'] ? [...path, 'responses', '400'] : [...path, 'responses'];
  const label = operationLabel(path);
  return [
    {
      message: `${label}: the 400 must be \`$ref: '${SHARED}'\`${ref ? ` (found ${ref})` : ''}.`,
      path: where,
    },
  ];
});
