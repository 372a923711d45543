// Every reference of the contract checked before any tool reads it, with the resolver that will read it
// (model/contract-resolver.ts): each file's `$ref`s, wherever they stand (Spectral follows references in
// examples and extensions too, Redocly only where OpenAPI allows them), and what Redocly reads as references
// besides: an example's `externalValue` (its bundle reads the file or fetches the URL into `value`) and a
// discriminator's mapping to a file or URL; those to other files are followed into them. One that leaves
// the folder, is a URL or an absolute path fails the load with every such reference named where it is
// written (`file:line $ref "…": why`); none of them is read, nothing fetched, by us or by a tool after us
// (the review's diff engine, Redoc's build-docs read the files with resolvers of their own).
import path from 'node:path';
import { type Document, escapePointerFragment } from '@redocly/openapi-core';
import { type ContractResolver, refusal } from './contract-resolver.ts';
import { referencesOf } from './reference-keys.ts';
import { lineOf } from './sources.ts';

type Found = { ref: string; document: Document; pointer: string; keyword: string };

/**
 * The `$ref` strings of a parsed document that name another document, with where each is written. A walk
 * with the path so far in one array: a pointer is made only for what it finds (making one for every node
 * of Stripe's spec held tens of megabytes for a moment).
 */
function externalRefs(document: Document): Found[] {
  const found: Found[] = [];
  const seen = new Set<object>();
  const path: string[] = [];
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [keyword, key, ref] of referencesOf(node as Record<string, unknown>)) {
      const at = [...path, ...key].map((p) => `/${escapePointerFragment(p)}`).join('');
      found.push({ ref, document, keyword, pointer: `#${at}` });
    }
    for (const key of Object.keys(node)) {
      path.push(key);
      visit((node as Record<string, unknown>)[key]);
      path.pop();
    }
  };
  visit(document.parsed);
  return found;
}

/** Checks the references of `root` and of every file they name, transitively; throws naming each refused one. */
export async function confineReferences(root: Document, resolver: ContractResolver): Promise<void> {
  const refused: string[] = [];
  const visited = new Set<string>([root.source.absoluteRef]);
  for (let todo = [root], document = todo.pop(); document; document = todo.pop()) {
    for (const { ref, pointer, keyword, document: at } of externalRefs(document)) {
      const [uri = ''] = ref.split('#');
      const where = `${path.relative(path.dirname(root.source.absoluteRef), at.source.absoluteRef)}:${lineOf(at.source, pointer)}`;
      const why = refusal(uri, at.source.absoluteRef, resolver.folder);
      if (why) {
        refused.push(`${where} ${keyword} ${why}`);
        continue;
      }
      const target = resolver.resolveExternalRef(at.source.absoluteRef, uri);
      if (visited.has(target)) continue;
      visited.add(target);
      const next = await resolver.resolveDocument(at.source.absoluteRef, uri).catch((e: Error) => e);
      if (next instanceof Error) refused.push(`${where} ${keyword} "${ref}": ${next.message}`);
      else todo.push(next as Document);
    }
  }
  if (refused.length)
    throw new Error(
      `the contract may refer only to files inside its folder (${resolver.folder}); nothing was read or fetched:\n${refused.join('\n')}`,
    );
}
