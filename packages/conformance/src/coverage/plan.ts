// The coverage phase's plan for one operation: every case of its parameters, its body (walked along its first
// example, or a body generated from the schema where the contract shows none) and its media type, and every
// `place:keyword` it has, tried or not: the coverage report's "present".
import { bodyExamples, isJsonMediaType, type MediaType, type Operation } from '@banking-api/contract';
import { encodeBody, withValues } from '../requests/encode.js';
import { validValue } from '../schemas/generate.js';
import type { EncodedBody } from '../types.js';
import { bodyCases } from './body-cases.js';
import type { CoverageCase } from './case.js';
import { mediaCases } from './media-cases.js';
import { parameterCases } from './parameter-cases.js';

export interface CoveragePlan {
  readonly cases: readonly CoverageCase[];
  readonly present: readonly string[];
  /** The valid body the cases start from (the example's, else a generated one); none without a body. */
  readonly body?: EncodedBody;
}

// A form's parts are all text: only a part left out (or one more) breaks it as the server reads it.
const FORM_KEYWORDS = new Set(['required', 'properties']);

/** The plan of `op`, its body's fields given the run's `values` (fixtures, issued identifiers) by name. */
export function coveragePlan(op: Operation, values: Readonly<Record<string, unknown>> = {}): CoveragePlan {
  const present = new Set<string>();
  const cases: CoverageCase[] = parameterCases(op, present);
  const base = baseBody(op, values);
  if (base?.media.schema) {
    const json = isJsonMediaType(base.media.mediaType);
    const { media } = base;
    const body = bodyCases(media.schema as NonNullable<MediaType['schema']>, base.value, (v) =>
      encodeBody(media, v),
    );
    for (const c of body.cases) if (json || FORM_KEYWORDS.has(c.keyword)) cases.push(c);
    for (const k of body.present)
      if (json || FORM_KEYWORDS.has(k.slice(k.lastIndexOf(':') + 1))) present.add(k);
  }
  const encoded = base && encodeBody(base.media, base.value);
  cases.push(...mediaCases(op, encoded, present));
  return { cases, present: [...present], ...(encoded && { body: encoded }) };
}

/** The first example of the body with the run's values, or a value generated from its schema. */
function baseBody(
  op: Operation,
  values: Readonly<Record<string, unknown>>,
): { media: MediaType; value: unknown } | undefined {
  const [example] = bodyExamples(op);
  if (example) return { media: example.media, value: withValues(example.value, values) };
  const media = op.requestBody?.content[0];
  if (!media?.schema) return undefined;
  const value = validValue(media.schema);
  return value === undefined ? undefined : { media, value: withValues(value, values) };
}
