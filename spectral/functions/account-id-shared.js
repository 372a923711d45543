// `x-account-id` is one shared header parameter, components/parameters/AccountId, referenced where the
// contract marks it: an inline copy would drift (description, required-ness) from the shared one.
import { createRulesetFunction } from '@stoplight/spectral-core';

const SHARED = ['components', 'parameters', 'AccountId'];
const isShared = (path) => path.length === SHARED.length && SHARED.every((key, i) => path[i] === key);

export default createRulesetFunction({ input: null, options: null }, (node, _opts, { path }) => {
  if (isShared(path)) {
    const ok =
      node.name === 'x-account-id' &&
      node.in === 'header' &&
      node.required === true &&
      node.schema?.type === 'string';
    return ok ? [] : [{ message: 'AccountId must be the required string header `x-account-id`.', path }];
  }
  return [
    { message: "`x-account-id` must only appear as `$ref: '#/components/parameters/AccountId'`.", path },
  ];
});
