// An operation's parameters, paired by where they go and their name (a header's case-insensitively, a path
// parameter by its place in the template): the parameter rules asked of each pair (or lone parameter), and
// each pair's schema (or `content`) compared.
import type { EffectiveOperation } from '../effective/operation-view.ts';
import type { EffectiveParameter } from '../effective/parameter-view.ts';
import { child } from '../effective/reader.ts';
import { parameterRules } from '../rules/index.ts';
import { code } from '../text/plain.ts';
import type { Sides } from './context.ts';
import { compareContent } from './media-pairs.ts';
import { type Occurrence, roleOf } from './occurrence.ts';
import { compareSchemas } from './schemas.ts';

function placeOf(param: EffectiveParameter, reversed: boolean) {
  const role = roleOf('parameter', reversed);
  return {
    place: 'request-parameter' as const,
    direction: 'parameter' as const,
    ...(role && { role }),
    where: `${param.in} parameter ${code(param.name)}`,
    name: param.name,
  };
}

function pairOccurrences(
  sides: Sides,
  a: EffectiveParameter,
  b: EffectiveParameter,
  reversed: boolean,
): Occurrence[] {
  const place = placeOf(b, reversed);
  if (a.node.schema !== undefined && b.node.schema !== undefined) {
    const before = [{ node: a.node.schema, at: child(a.at, 'schema') }];
    const after = [{ node: b.node.schema, at: child(b.at, 'schema') }];
    return [{ ...place, diff: compareSchemas(sides, before, after) }];
  }
  return compareContent(sides, a, b, place);
}

export function compareParameters(
  sides: Sides,
  before: EffectiveOperation,
  after: EffectiveOperation,
): Occurrence[] {
  const keys = new Set([...before.parameters.keys(), ...after.parameters.keys()]);
  const occurrences: Occurrence[] = [];
  for (const key of keys) {
    const [a, b] = [before.parameters.get(key), after.parameters.get(key)];
    const facts = parameterRules.flatMap((rule) => rule.compare(a, b, sides));
    const place = placeOf((b ?? a) as EffectiveParameter, after.reversed);
    if (facts.length) occurrences.push({ ...place, facts });
    if (a && b) occurrences.push(...pairOccurrences(sides, a, b, after.reversed));
  }
  return occurrences;
}
