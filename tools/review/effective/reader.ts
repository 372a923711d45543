// One side's bundled document, read as the review compares it: local `$ref`s followed (chains bounded) with
// each node's pointer kept, so that every finding can say where its node is written. A schema a `$ref` names
// is read from the model's schema table (the loader read it once, a 3.0 one in 3.1's spelling), every other
// node from the bundle. Nothing is copied or
// inlined: the views built on it (schema-view.ts) follow references lazily, so a recursive schema costs what
// its text costs.
import { escapePointerFragment } from '@redocly/openapi-core';
import { pointerSegments } from '../../../model/pointer.ts';

/** Which spec a node is in: the head's (the change under review) or the base's. */
export type Side = 'head' | 'base';

export type Json = Record<string, unknown>;
/** A node of the document and the pointer it is written at. */
export type Located<T = Json> = { node: T; at: string };

export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const obj = (value: unknown): Json => (isObject(value) ? value : {});
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
/** The pointer of `key` below `at`. */
export const child = (at: string, key: string | number) => `${at}/${escapePointerFragment(String(key))}`;

/** How long a chain of `$ref`s to `$ref`s may be before it is read as a loop. */
const MAX_CHAIN = 32;

export class SideDocument {
  /** OpenAPI 3.1: keywords beside a schema's `$ref` apply with it (JSON Schema 2020-12). */
  readonly v31: boolean;

  constructor(
    readonly doc: Json,
    readonly side: Side,
    /** The model's schema table: the schema each `$ref` pointer names. */
    private readonly schemas: Readonly<Record<string, unknown>> = {},
  ) {
    this.v31 = /^3\.1\./.test(String(doc.openapi ?? ''));
  }

  /** The node at a local pointer (`#/components/schemas/Amount`), or undefined. */
  at(pointer: string): unknown {
    if (Object.hasOwn(this.schemas, pointer)) return this.schemas[pointer];
    let node: unknown = this.doc;
    for (const segment of pointerSegments(pointer))
      node = isObject(node) || Array.isArray(node) ? (node as Json)[segment] : undefined;
    return node;
  }

  /**
   * A non-schema object with its `$ref` followed: where the target is written, and (3.1 Reference Object) its
   * `summary` and `description` siblings over the target's. Undefined for a reference that leads nowhere.
   */
  resolve(node: unknown, at: string): Located | undefined {
    let current: Located<unknown> = { node, at };
    const siblings: Json = {};
    for (let i = 0; i < MAX_CHAIN && isObject(current.node) && typeof current.node.$ref === 'string'; i++) {
      const { $ref, ...rest } = current.node;
      if (this.v31)
        for (const key of ['summary', 'description'])
          if (key in rest && !(key in siblings)) siblings[key] = rest[key];
      if (!$ref.startsWith('#')) return undefined; // the bundle keeps local references only
      current = { node: this.at($ref), at: $ref.replace(/^#?/, '#') };
    }
    if (!isObject(current.node) || typeof current.node.$ref === 'string') return undefined;
    return Object.keys(siblings).length
      ? { node: { ...current.node, ...siblings }, at: current.at }
      : (current as Located);
  }
}
