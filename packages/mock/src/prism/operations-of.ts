// Prism's operations for a document, made so that a contract of any size answers. Prism's own
// getHttpOperationsFromSpec dereferences the whole document first (@stoplight/json-schema-ref-parser), which
// crawls every shared subschema once per path that reaches it: on Stripe's contract (hundreds of schemas,
// shared and circular) making one operation never finished (a CPU profile: 99% in that dereference, issue
// 33). So the document's size once dereferenced is counted first, in one memoised pass:
// - within the bound, Prism makes the operation as it always has (every contract that worked is unchanged);
// - past it, the operation is made the way Prism makes it after dereferencing, without the dereference:
//   the transformer Prism uses (@stoplight/http-spec) follows local `$ref`s itself, and its result is bundled
//   as Prism bundles it (refs kept under `__bundled__`, which Prism's validator reads). Two things Prism needs
//   inline are inlined first: `allOf` members (Prism merges them before validating, and a member left as a
//   `$ref` would be lost in the merge) and `$ref`s inside example values (the dereference resolved those).
import { createRequire } from 'node:module';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { expandedSize, inlineForPrism } from './inline-refs.ts';
import { METHODS } from './one-operation.ts';

/** Prism's operation type, as prism-http declares it (its own copy of @stoplight/types). */
type IHttpOperation = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>[number];

const require = createRequire(import.meta.url);
const { transformOas3Operations } = require('@stoplight/http-spec/oas3/operation') as {
  transformOas3Operations: (document: object) => IHttpOperation[];
};
const { bundleTarget } = require('@stoplight/json') as {
  bundleTarget: (options: { document: object; path: string; cloneDocument: boolean }) => IHttpOperation;
};

/**
 * Nodes a document may have once dereferenced for Prism to dereference it itself: ours has 5,106, the Pix
 * API 51,946, Open Finance's at most 23,884; each Stripe operation alone over 500,000 (the whole, 52.9 million).
 */
export const DEREFERENCE_BOUND = 500_000;

/**
 * Prism's operations of an OpenAPI 3 document (changed in place: give a copy). Past the bound, a document
 * of several operations (the one Prism reads for a request the gateway could not route, to answer its 404
 * or 405) is made of their paths, methods and servers alone: bundling each whole operation from its own copy
 * of the document took 35 s and 950 MiB on Stripe's, for an answer that reads nothing else.
 */
export async function prismOperations(document: object): Promise<IHttpOperation[]> {
  if (expandedSize(document, DEREFERENCE_BOUND) <= DEREFERENCE_BOUND)
    return getHttpOperationsFromSpec(document);
  const operations = transformOas3Operations(routingOnly(document));
  if (operations.length !== 1) return operations;
  inlineForPrism(document);
  return transformOas3Operations(document).map((operation) =>
    bundleTarget({
      document: { ...document, __target__: operation },
      path: '#/__target__',
      cloneDocument: false,
    }),
  );
}

type Paths = Record<string, Record<string, unknown>>;

/** The document with each operation reduced to what routing reads: its method, path and servers. */
function routingOnly(document: object): object {
  const { paths = {}, servers } = document as { paths?: Paths; servers?: unknown };
  const skeleton: Paths = {};
  for (const [path, item] of Object.entries(paths)) {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item ?? {})) {
      const operation = value as { servers?: unknown; operationId?: unknown };
      if (key === 'servers') kept[key] = value;
      else if (METHODS.includes(key))
        kept[key] = { operationId: operation.operationId, servers: operation.servers, responses: {} };
    }
    skeleton[path] = kept;
  }
  return { openapi: (document as { openapi?: unknown }).openapi, info: {}, servers, paths: skeleton };
}
