// The coverage phase's plan for one operation: every case of its parameters, its body (walked along its first
// valid example, or a body generated from the schema where the contract shows none valid: valid-body.ts) and
// its media type, and every `place:keyword` it has, tried or not: the coverage report's "present".
import { isJsonMediaType, type MediaType, type Operation } from '@banking-api/contract';
import { encodeBody } from '../requests/encode.js';
import { formAsRead, isUrlencoded } from '../requests/form-value.js';
import { isJwsMediaType } from '../requests/jws-body.js';
import { validBody } from '../requests/valid-body.js';
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
  /** How the body breaks its schema when no valid one exists: no positive case can be claimed. */
  readonly invalidBody?: readonly string[];
}

// A multipart form's parts are all text: only a part left out (or one more) breaks it as the server reads it.
// An urlencoded form is read back by its schema (form-body.ts): every case the wire keeps is tried.
const FORM_KEYWORDS = new Set(['required', 'properties']);

/** The plan of `op`, its body's fields given the run's `values` (fixtures, issued identifiers) by name. */
export function coveragePlan(op: Operation, values: Readonly<Record<string, unknown>> = {}): CoveragePlan {
  const present = new Set<string>();
  const cases: CoverageCase[] = parameterCases(op, present);
  const base = validBody(op, values);
  if (base?.media.schema) {
    const { media } = base;
    const form = isUrlencoded(media);
    const allKeywords = form || isJsonMediaType(media.mediaType) || isJwsMediaType(media.mediaType);
    const wire = form ? (v: unknown) => formAsRead(media, v) : undefined;
    const schema = media.schema as NonNullable<MediaType['schema']>;
    const body = bodyCases(schema, base.value, (v) => encodeBody(media, v), wire);
    for (const c of body.cases) if (allKeywords || FORM_KEYWORDS.has(c.keyword)) cases.push(c);
    for (const k of body.present)
      if (allKeywords || FORM_KEYWORDS.has(k.slice(k.lastIndexOf(':') + 1))) present.add(k);
  }
  const encoded = base && encodeBody(base.media, base.value);
  cases.push(...mediaCases(op, encoded, present));
  const invalidBody = base?.problems;
  return {
    cases,
    present: [...present],
    ...(encoded && { body: encoded }),
    ...(invalidBody && { invalidBody }),
  };
}
