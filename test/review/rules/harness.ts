// Rule tests without files or loaders: two small documents compared by the review's engine (the same
// comparison and placement reviewSpecs runs), and a document builder with the shapes the rules need: a
// schema sent by one operation and read by another, a parameter, a response header, a webhook.
import { compareDocuments } from '../../../tools/review/compare/documents.ts';
import { SideDocument } from '../../../tools/review/effective/reader.ts';
import type { Finding } from '../../../tools/review/finding.ts';
import { placeFindings } from '../../../tools/review/placement.ts';

// biome-ignore lint/suspicious/noExplicitAny: free-form spec documents
export type Doc = Record<string, any>;

export const SEND = 'POST /send';
export const READ = 'GET /read';
export const HOOK = 'POST webhook event';

/** The findings of `head` against `base`, as reviewSpecs would place them (lines left out). */
export function compare(base: Doc, head: Doc): Finding[] {
  const comparison = compareDocuments({
    base: new SideDocument(base, 'base'),
    head: new SideDocument(head, 'head'),
  });
  return placeFindings({
    comparison,
    bundles: { base, head },
    files: { base: '/base/openapi.yaml', head: '/head/openapi.yaml' },
    roots: { base: '/base', head: '/head' },
    locate: () => 1,
  });
}

/** Operation → its findings' rules and levels, `rule:level`. */
export function verdicts(findings: Finding[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of findings) out[f.operation] = [...(out[f.operation] ?? []), `${f.rule}:${f.level}`];
  return out;
}

/**
 * A document where `Shared` (the schema given) is sent by POST /send (its request body) and read by GET
 * /read (its 200 response), and received by the webhook `event` (its request body) when `webhook` is set.
 */
export function shared(schema: unknown, extra: { webhook?: boolean; components?: Doc } = {}): Doc {
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Shared' } } } };
  return {
    openapi: '3.1.0',
    info: { title: 'rules', version: '1.0.0' },
    paths: {
      '/send': {
        post: { operationId: 'send', requestBody: body, responses: { '204': { description: 'OK' } } },
      },
      '/read': {
        get: { operationId: 'read', responses: { '200': { description: 'OK', ...structuredClone(body) } } },
      },
    },
    ...(extra.webhook && {
      webhooks: {
        event: { post: { requestBody: structuredClone(body), responses: { '204': { description: 'OK' } } } },
      },
    }),
    components: { schemas: { Shared: schema, ...extra.components } },
  };
}

/** A document of one operation `POST /send` with the given parts. */
export function operation(op: Doc, document: Doc = {}): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'rules', version: '1.0.0' },
    paths: { '/send': { post: { operationId: 'send', responses: { '204': { description: 'OK' } }, ...op } } },
    ...document,
  };
}

/** `doc` with `edit` applied to a deep copy. */
export function edited(doc: Doc, edit: (d: Doc) => void): Doc {
  const copy = structuredClone(doc);
  edit(copy);
  return copy;
}
