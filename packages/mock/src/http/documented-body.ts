// Which body a documented media type gives an answer, when the contract's own examples may break its schema
// (the Pix API's cob examples lack `loc.criacao`). The mock's choice (docs/mock.md, "Another contract"): a
// valid example as it is; else another named example of the same media that is valid; else a value made from
// the schema (schema-value.ts), noted; else the example as the contract wrote it. Prism without `--errors`
// answers the broken example, and a client then sees an answer the contract forbids.
import type { MediaType, NamedExample } from '@banking-api/contract';
import { violationsOf } from '@banking-api/contract/validators';
import { valueFromSchema } from './schema-value.ts';

/** The answer's body, and why it is not the contract's example when it is not. */
export interface DocumentedBody {
  value: unknown;
  /** For the `x-mock-note` header: set when the body is not the example asked for. */
  note?: string;
}

/** The header that says the mock answered other than the contract's example. */
export const mockNoteHeader = 'x-mock-note';

/** Whether `value` breaks the media's schema (a media without schema accepts anything). */
export const breaksSchema = (media: MediaType, value: unknown): boolean =>
  media.schema !== undefined && violationsOf(media.schema, value, 'response').length > 0;

/**
 * The body for `media`: `preferred` (an example's value, as Prism picked it) when valid, else the first valid
 * named example, else a value made from the schema; undefined when the media has neither example nor schema.
 */
export function documentedBody(media: MediaType, preferred?: unknown): DocumentedBody | undefined {
  const first = preferred !== undefined ? preferred : media.examples[0]?.value;
  if (first !== undefined && !breaksSchema(media, first)) return { value: first };
  const valid = media.examples.find((e: NamedExample) => !breaksSchema(media, e.value));
  if (valid) return { value: valid.value, note: noteFor(media, `example "${valid.name}"`) };
  const made = media.schema ? valueFromSchema(media.schema) : undefined;
  if (made !== undefined) return { value: made, note: noteFor(media, 'a value made from the schema') };
  return first === undefined ? undefined : { value: first, note: noteFor(media, 'the example as written') };
}

function noteFor(media: MediaType, instead: string): string {
  const what = media.examples.length
    ? "the contract's example breaks its schema"
    : 'the contract shows no example';
  // A header carries visible ASCII only: the contract's names may hold anything.
  return `${what} (${media.mediaType}); answered ${instead}`.replace(/[^\x20-\x7e]/g, '?').slice(0, 300);
}

/** The named examples of `media` that break its schema, by name (for the line the mock logs at start). */
export const brokenExamples = (media: MediaType): string[] =>
  media.examples.filter((e) => breaksSchema(media, e.value)).map((e) => e.name);
