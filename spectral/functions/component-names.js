// Component names: every component that is referenced by `$ref` (all kinds under `components` except
// securitySchemes) has a PascalCase name that no other component, of any kind, uses. Examples end in
// `Example` (e.g. `SendTedRequestExample`) and no other kind does; parameters, responses, schemas and the
// other kinds are plain nouns. Security schemes are exempt: `security` requirements name them, not `$ref`s.
// Why: a name alone then says which component it is (a schema and its example no longer share a name), and
// generated code, docs anchors and reviews never confuse two components.
import { createRulesetFunction } from '@stoplight/spectral-core';

const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
const EXAMPLE_SUFFIX = /Example$/;
const EXEMPT_KINDS = new Set(['securitySchemes']);

/** name → kinds (in document order) that use it. */
function kindsByName(components) {
  const kinds = new Map();
  for (const [kind, members] of Object.entries(components)) {
    if (EXEMPT_KINDS.has(kind) || kind.startsWith('x-') || !members || typeof members !== 'object') continue;
    for (const name of Object.keys(members)) kinds.set(name, [...(kinds.get(name) ?? []), kind]);
  }
  return kinds;
}

/** What is wrong with one name of one kind (empty when nothing is). */
function nameProblems(name, kind, kinds) {
  const problems = [];
  if (!PASCAL_CASE.test(name)) problems.push(`"${name}" must be PascalCase`);
  if (kind === 'examples' && !EXAMPLE_SUFFIX.test(name)) {
    problems.push(`example "${name}" must end in "Example"`);
  }
  if (kind !== 'examples' && EXAMPLE_SUFFIX.test(name)) {
    problems.push(`only examples end in "Example" ("${name}" is in ${kind})`);
  }
  const others = kinds.filter((other) => other !== kind);
  if (others.length) problems.push(`"${name}" is also a name in ${others.join(', ')}`);
  return problems;
}

export default createRulesetFunction(
  { input: { type: 'object' }, options: null },
  (components, _opts, { path }) =>
    [...kindsByName(components)].flatMap(([name, usedBy]) =>
      usedBy.flatMap((kind) => {
        const problems = nameProblems(name, kind, usedBy);
        // One result per component, at its name: a fixture marks each offending line once.
        return problems.length
          ? [{ message: `Component names: ${problems.join('; ')}.`, path: [...path, kind, name] }]
          : [];
      }),
    ),
);
