// `x-unspecified` marks what the contract leaves open: a non-empty list of `{ topic, detail }` items whose
// topic comes from the one vocabulary, model/gap-topics.js (the docs title each topic from the same list).
import { createRulesetFunction } from '@stoplight/spectral-core';
import { GAP_TOPICS } from '../../model/gap-topics.js';

const TOPICS = Object.keys(GAP_TOPICS);
const FIELDS = new Set(['topic', 'detail']);

/** Problems of one `{ topic, detail }` item at `at`. */
function itemProblems(item, at) {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return [{ message: 'An x-unspecified item is an object `{ topic, detail }`.', path: at }];
  }
  const problems = Object.keys(item)
    .filter((key) => !FIELDS.has(key))
    .map((key) => ({
      message: `Unknown x-unspecified field "${key}" (only topic, detail).`,
      path: [...at, key],
    }));
  if (!TOPICS.includes(item.topic)) {
    problems.push({
      message: `x-unspecified topic ${JSON.stringify(item.topic)} is not one of: ${TOPICS.join(', ')} (model/gap-topics.js).`,
      path: 'topic' in item ? [...at, 'topic'] : at,
    });
  }
  if (typeof item.detail !== 'string' || !/\S/.test(item.detail)) {
    problems.push({
      message: 'An x-unspecified item needs a non-empty `detail` saying what is not shown.',
      path: 'detail' in item ? [...at, 'detail'] : at,
    });
  }
  return problems;
}

export default createRulesetFunction({ input: null, options: null }, (marker, _opts, { path }) => {
  if (!Array.isArray(marker) || marker.length === 0) {
    return [{ message: '`x-unspecified` is a non-empty list of `{ topic, detail }` items.', path }];
  }
  return marker.flatMap((item, i) => itemProblems(item, [...path, i]));
});
