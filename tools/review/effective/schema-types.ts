// What a schema view is (schema-view.ts makes them): the canonical reading of everything that applies to a
// value, and the small facts rules ask of it.
import type { Json } from './reader.ts';
import type { SchemaRef } from './schema-parts.ts';

export type Bound = { value: number; exclusive: boolean };
export const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
] as const;
export type Count = (typeof COUNTS)[number];

export interface SchemaView {
  /** The view's identity on its side: the pointers it was made from. */
  readonly key: string;
  /** Where the schema is written (its first part). */
  readonly at: string;
  /** Where a keyword's value comes from (a merged view's keywords come from several parts). */
  where(keyword: string): string;
  /** JSON types allowed, `null` aside; undefined: any type. `integer` is left out when `number` is in. */
  readonly types: ReadonlySet<string> | undefined;
  readonly nullable: boolean;
  readonly format: string | undefined;
  readonly enum: readonly unknown[] | undefined;
  readonly const: { value: unknown } | undefined;
  readonly lower: Bound | undefined;
  readonly upper: Bound | undefined;
  readonly counts: Readonly<Partial<Record<Count, number>>>;
  readonly multipleOf: number | undefined;
  readonly uniqueItems: boolean;
  readonly pattern: string | undefined;
  readonly properties: ReadonlyMap<string, SchemaRef[]>;
  readonly required: ReadonlySet<string>;
  /** `closed`: no other property may be sent; schemas: what other properties must be. */
  readonly additional: 'open' | 'closed' | SchemaRef[];
  readonly items: SchemaRef[] | undefined;
  readonly oneOf: SchemaRef[] | undefined;
  readonly anyOf: SchemaRef[] | undefined;
  /** Members that could not be merged into the view (a loop, or parts that contradict one another). */
  readonly allOf: SchemaRef[];
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly deprecated: boolean;
  readonly default: { value: unknown } | undefined;
  readonly discriminator: Json | undefined;
  /** Annotations (description, title, examples, extensions), by keyword. */
  readonly docs: ReadonlyMap<string, unknown>;
  /** Keywords the view does not model (`not`, `if`, `patternProperties`...), compared as written. */
  readonly other: ReadonlyMap<string, unknown>;
}

/** Whether a view lets values of a JSON type through (`number` covers `integer`; no `type`: every type). */
export const allowsType = (view: SchemaView, type: string): boolean =>
  !view.types || view.types.has(type) || (type === 'number' && view.types.has('integer'));
