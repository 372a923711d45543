// Which components each operation reaches, and where each operation is written: both read with Redocly's
// walker (its `ref` visitor reports every `$ref` with where it sits and what it resolves to).
import path from 'node:path';
import {
  BaseResolver,
  type Document,
  escapePointerFragment,
  makeDocumentFromString,
} from '@redocly/openapi-core';
import { pointerSegments } from './pointer.ts';
import { lineOf, walk } from './redocly.ts';

/** `#/components/schemas/Amount` from any pointer inside that component. */
const componentOf = (pointer: string) => pointer.split('/').slice(0, 4).join('/');

type Edge = { from: string; to: string };

/**
 * Where an operation's own nodes are: the operation and its path item's shared parameters, under #/paths or
 * in the component its path item `$ref`s (that component is then used too, but only this method's part of it).
 */
function ownNodes(method: string, template: string, edges: readonly Edge[]) {
  const written = `#/paths/${escapePointerFragment(template)}`;
  const pathItem = edges.find((e) => e.from === written)?.to;
  const item = pathItem ?? written;
  const operation = `${item}/${method.toLowerCase()}`;
  return { operation, prefixes: [`${operation}/`, `${item}/parameters/`], pathItem };
}

type OperationRef = { key: string; method: string; path: string };

/** Every local `$ref` of a bundled document: where it is written and the pointer it resolves to. */
async function refEdges(bundled: unknown): Promise<Edge[]> {
  const edges: Edge[] = [];
  const document = makeDocumentFromString(JSON.stringify(bundled), '/contract/bundle.json');
  await walk(document, {
    ref: {
      enter(_ref, ctx, resolved) {
        if (resolved.location) edges.push({ from: ctx.location.pointer, to: resolved.location.pointer });
      },
    },
  });
  return edges;
}

/** The node a local JSON pointer (`#/a/b~1c`) names in `doc`. */
function nodeAt(doc: unknown, pointer: string): unknown {
  return pointerSegments(pointer).reduce<unknown>(
    (node, segment) => (node as Record<string, unknown>)?.[segment],
    doc,
  );
}

/**
 * The operation object of each operation (by key) in `doc`, the bundle or a copy of it, to read or annotate in
 * place; `pointers` are the loaded contract's `operationPointers`. Operations sharing a path-item component
 * share its object.
 */
export function operationObjects(
  doc: Record<string, unknown>,
  pointers: ReadonlyMap<string, string>,
): Map<string, Record<string, unknown>> {
  return new Map(
    [...pointers].map(([key, pointer]) => {
      const node = nodeAt(doc, pointer);
      if (!node || typeof node !== 'object') throw new Error(`${key}: no operation object at ${pointer}`);
      return [key, node as Record<string, unknown>];
    }),
  );
}

/** What each operation of a bundled document (local refs only) references, from one walk of it. */
export type OperationReferences = {
  /** Components reached from each operation, transitively. */
  components: Map<string, string[]>;
  /** Where each operation's object is: under #/paths, or in the path-item component its path item `$ref`s. */
  pointers: Map<string, string>;
};

export async function operationReferences(
  bundled: unknown,
  operations: readonly OperationRef[],
): Promise<OperationReferences> {
  const edges = await refEdges(bundled);
  const reach = ({ prefixes, pathItem }: ReturnType<typeof ownNodes>): string[] => {
    const seen = new Set<string>(pathItem ? [componentOf(pathItem)] : []);
    const todo = edges.filter((e) => prefixes.some((p) => e.from.startsWith(p))).map((e) => e.to);
    for (let target = todo.pop(); target !== undefined; target = todo.pop()) {
      const component = componentOf(target);
      if (seen.has(component)) continue;
      seen.add(component);
      for (const e of edges) if (e.from.startsWith(`${component}/`)) todo.push(e.to);
    }
    return [...seen].sort();
  };
  const nodes = operations.map((op) => [op.key, ownNodes(op.method, op.path, edges)] as const);
  return {
    components: new Map(nodes.map(([key, own]) => [key, reach(own)])),
    pointers: new Map(nodes.map(([key, own]) => [key, own.operation])),
  };
}

/** File (relative to the contract's folder) and line where each operation (`METHOD /path`) is written. */
export async function operationSources(file: string): Promise<Map<string, { file: string; line: number }>> {
  const absolute = path.resolve(file);
  const document = (await new BaseResolver().resolveDocument(null, absolute, true)) as Document;
  const sources = new Map<string, { file: string; line: number }>();
  // Path items nest (callbacks hold their own): the innermost open one names the operation.
  const templates: string[] = [];
  await walk(document, {
    PathItem: {
      enter(_item, ctx) {
        templates.push(String(ctx.key));
      },
      leave() {
        templates.pop();
      },
    },
    Operation: {
      enter(_op, ctx) {
        const where = ctx.location;
        sources.set(`${String(ctx.key).toUpperCase()} ${templates.at(-1)}`, {
          file: path.relative(path.dirname(absolute), where.source.absoluteRef),
          line: lineOf(where.key()),
        });
      },
    },
  });
  return sources;
}
