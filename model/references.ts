// Which components each operation reaches, and where each operation is written: both read with Redocly's
// walker (its `ref` visitor reports every `$ref` with where it sits and what it resolves to).
import path from 'node:path';
import { BaseResolver, type Document, makeDocumentFromString } from '@redocly/openapi-core';
import { lineOf, walk } from './redocly.ts';

/** `#/components/schemas/Amount` from any pointer inside that component. */
const componentOf = (pointer: string) => pointer.split('/').slice(0, 4).join('/');

/** Pointer prefixes of an operation's own nodes: the operation and its path item's shared parameters. */
const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const ownPrefixes = (method: string, template: string) => {
  const item = `#/paths/${escapeSegment(template)}`;
  return [`${item}/${method.toLowerCase()}/`, `${item}/parameters/`];
};

/** Components reached from each operation of a bundled document (local refs only), transitively. */
export async function componentsByOperation(
  bundled: unknown,
  operations: readonly { key: string; method: string; path: string }[],
): Promise<Map<string, string[]>> {
  const edges: { from: string; to: string }[] = [];
  const document = makeDocumentFromString(JSON.stringify(bundled), '/contract/bundle.json');
  await walk(document, {
    ref: {
      enter(_ref, ctx, resolved) {
        if (resolved.location) edges.push({ from: ctx.location.pointer, to: resolved.location.pointer });
      },
    },
  });
  const reach = (prefixes: string[]): string[] => {
    const seen = new Set<string>();
    const todo = edges.filter((e) => prefixes.some((p) => e.from.startsWith(p))).map((e) => e.to);
    for (let target = todo.pop(); target !== undefined; target = todo.pop()) {
      const component = componentOf(target);
      if (seen.has(component)) continue;
      seen.add(component);
      for (const e of edges) if (e.from.startsWith(`${component}/`)) todo.push(e.to);
    }
    return [...seen].sort();
  };
  return new Map(operations.map((op) => [op.key, reach(ownPrefixes(op.method, op.path))]));
}

/** File (relative to the contract's folder) and line where each operation (`METHOD /path`) is written. */
export async function operationSources(file: string): Promise<Map<string, { file: string; line: number }>> {
  const absolute = path.resolve(file);
  const document = (await new BaseResolver().resolveDocument(null, absolute, true)) as Document;
  const sources = new Map<string, { file: string; line: number }>();
  let template = '';
  await walk(document, {
    PathItem: {
      enter(_item, ctx) {
        template = String(ctx.key);
      },
    },
    Operation: {
      enter(_op, ctx) {
        const where = ctx.location;
        sources.set(`${String(ctx.key).toUpperCase()} ${template}`, {
          file: path.relative(path.dirname(absolute), where.source.absoluteRef),
          line: lineOf(where.key()),
        });
      },
    },
  });
  return sources;
}
