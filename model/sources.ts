// Where the contract's nodes are written (file and 1-based line), from the documents Redocly's resolver
// already read for the bundle: no second read or parse of any file. Lines come from one pass over a file's
// lines (model/yaml-lines.ts); Redocly's YAML AST, the same lines but 0.16-0.4 s of CPU per 2.4 MB file
// (a review's profiles, against 0.03-0.07 s for the pass), only answers for files the pass does not read.
import path from 'node:path';
import {
  type BaseResolver,
  type Document,
  escapePointerFragment,
  getLineColLocation,
  type Source,
} from '@redocly/openapi-core';
import { type Json, nodeAt } from './refs.ts';
import { blockLines, type LineIndex } from './yaml-lines.ts';

export interface SourceLocation {
  /** Relative to the contract's folder. */
  readonly file: string;
  readonly line: number;
}

export interface Sources {
  /**
   * Where each operation (by key, `METHOD /path`) is written, found when first asked: the review asks for
   * none but those its findings name, and the line of a file the line pass does not read is the YAML AST's
   * (0.37 s of a review's 1.9 s of CPU on Pix's spec, both sides, when every operation's was found at load).
   */
  readonly operations: ReadonlyMap<string, () => SourceLocation>;
  /** Where the node at a pointer of the root document is written (its key), or its nearest ancestor. */
  locate(pointer: string): SourceLocation;
}

/**
 * Reads where each operation is written, following a path item's `$ref` into the file it names. Call it
 * before bundling with the same resolver: the bundler rewrites the documents' parsed trees in place.
 */
export async function readSources(
  root: Document,
  resolver: BaseResolver,
  methods: readonly string[],
): Promise<Sources> {
  const dir = path.dirname(root.source.absoluteRef);
  const at = (source: Source, pointer: string): SourceLocation => ({
    file: path.relative(dir, source.absoluteRef),
    line: lineOf(source, pointer),
  });
  const operations = new Map<string, () => SourceLocation>();
  for (const [template, raw] of Object.entries((root.parsed as Json)?.paths ?? {})) {
    const written = { document: root, pointer: `#/paths/${escapePointerFragment(template)}` };
    const { document, pointer } = await pathItemOf(resolver, root, raw, written);
    const item = (nodeAt(document.parsed, pointer) ?? {}) as Json;
    for (const method of methods)
      if (method.toLowerCase() in item)
        operations.set(`${method} ${template}`, () =>
          at(document.source, `${pointer}/${method.toLowerCase()}`),
        );
  }
  return { operations, locate: (pointer) => at(root.source, pointer) };
}

type Place = { document: Document; pointer: string };

/** Where a path item's operations are written: in place, or where its `$ref` points (another file too). */
async function pathItemOf(
  resolver: BaseResolver,
  root: Document,
  raw: unknown,
  written: Place,
): Promise<Place> {
  const ref = (raw as Json | undefined)?.$ref;
  if (typeof ref !== 'string') return written;
  const [uri = '', fragment = ''] = ref.split('#');
  const document = uri ? await resolver.resolveDocument(root.source.absoluteRef, uri, false) : root;
  if (document instanceof Error) return written; // the bundle reports the broken reference
  return { document: document as Document, pointer: `#${fragment}` };
}

/** Each source's line index, or null where the AST answers. */
const indexes = new WeakMap<Source, LineIndex | null>();

/** The line of the node at `pointer` (its key), as Redocly reports it: see model/yaml-lines.ts. */
export function lineOf(source: Source, pointer: string): number {
  let index = indexes.get(source);
  if (index === undefined) {
    index = blockLines(source.body) ?? null;
    indexes.set(source, index);
  }
  return index?.line(pointer) ?? getLineColLocation({ source, pointer, reportOnKey: true }).start.line;
}

/**
 * `op` with its `source` found when first read (an enumerable getter: JSON and spreads see it as written),
 * so that a load whose caller asks for no operation's line reads none.
 */
export function withSource<T extends object>(
  op: T,
  find: () => SourceLocation,
): T & { readonly source: SourceLocation } {
  let found: SourceLocation | undefined;
  return Object.defineProperty(op, 'source', {
    enumerable: true,
    get: () => {
      found ??= find();
      return found;
    },
  }) as T & { readonly source: SourceLocation };
}
