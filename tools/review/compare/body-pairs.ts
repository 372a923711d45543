// An operation's request body: the body rules (removed, added, made required) and its content by media type.
import type { EffectiveOperation } from '../effective/operation-view.ts';
import { requestBodyRules } from '../rules/index.ts';
import type { Sides } from './context.ts';
import { compareContent } from './media-pairs.ts';
import { type Occurrence, roleOf } from './occurrence.ts';

export function compareRequestBody(
  sides: Sides,
  before: EffectiveOperation,
  after: EffectiveOperation,
): Occurrence[] {
  const role = roleOf('request', after.reversed);
  const place = {
    place: 'request-body' as const,
    direction: 'request' as const,
    ...(role && { role }),
    where: 'request body',
  };
  const facts = requestBodyRules.flatMap((rule) =>
    rule.compare(before.requestBody, after.requestBody, sides),
  );
  return [
    ...(facts.length ? [{ ...place, facts }] : []),
    ...(before.requestBody && after.requestBody
      ? compareContent(sides, before.requestBody, after.requestBody, place)
      : []),
  ];
}
