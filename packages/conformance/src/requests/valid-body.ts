// The body a valid request carries: the first example of the request body that its own schema accepts, else
// a value generated from the schema. An example that breaks its own schema is not a valid request (the Pix
// API's `PUT /cob` "exemplo2" lacks its required `calendario`): it is the contract's finding (example-accepted
// reports it, with the schema's errors), never the base of what a server must accept.
import { bodyExamples, isJsonMediaType, type MediaType, type Operation } from '@banking-api/contract';
import { violationLines } from '@banking-api/contract/validators';
import { validValue } from '../schemas/generate.js';
import { expressible, formAsRead, isUrlencoded } from './form-value.js';
import { isJwsMediaType } from './jws-body.js';
import { withValues } from './with-values.js';

export interface ValidBody {
  readonly media: MediaType;
  readonly value: unknown;
  /** How it breaks its schema, when no valid body was found (every example broken, none generated). */
  readonly problems?: readonly string[];
}

/**
 * How a body example breaks its media type's schema (an urlencoded form as the server reads it back); none
 * for a kind of body the engine cannot read.
 */
export function bodyProblems(media: MediaType, value: unknown): string[] {
  if (!media.schema) return [];
  if (isUrlencoded(media)) return violationLines(media.schema, formAsRead(media, value), 'request');
  const json =
    isJsonMediaType(media.mediaType) || (isJwsMediaType(media.mediaType) && typeof value !== 'string');
  return json ? violationLines(media.schema, value, 'request') : [];
}

/** The first valid example (the run's `values` in it), else a generated value, else the first example. */
export function validBody(
  op: Operation,
  values: Readonly<Record<string, unknown>> = {},
): ValidBody | undefined {
  const examples = bodyExamples(op);
  const valid = examples.find((e) => bodyProblems(e.media, e.value).length === 0);
  if (valid) return { media: valid.media, value: withValues(valid.value, values) };
  const media = examples[0]?.media ?? op.requestBody?.content[0];
  const made = media?.schema ? validValue(media.schema) : undefined;
  const generated = media && isUrlencoded(media) ? expressible(media.schema, made) : made;
  if (media && generated !== undefined && bodyProblems(media, generated).length === 0)
    return { media, value: withValues(generated, values) };
  const [first] = examples;
  if (!first) return undefined;
  const problems = bodyProblems(first.media, first.value);
  return { media: first.media, value: withValues(first.value, values), problems };
}
