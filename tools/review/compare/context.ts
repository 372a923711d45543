// Both sides of a comparison: their documents, and the views of their schemas (made once per side and node).
import type { Side, SideDocument } from '../effective/reader.ts';
import type { SchemaRef } from '../effective/schema-parts.ts';
import { type SchemaView, viewOf } from '../effective/schema-view.ts';

export interface Sides {
  readonly base: SideDocument;
  readonly head: SideDocument;
}

export const view = (sides: Sides, side: Side, schemas: readonly SchemaRef[]): SchemaView =>
  viewOf(sides[side], schemas);

/** Where a fact about a node is written: in the head, or in the base when the head no longer has it. */
export const inHead = (pointer: string) => ({ side: 'head' as const, pointer });
export const inBase = (pointer: string) => ({ side: 'base' as const, pointer });
