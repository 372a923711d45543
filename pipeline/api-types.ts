// Build step `types`: openapi-typescript types (generated/api.d.ts) from the bundled contract, in this
// process (no CLI start-up). The contract package embeds the file; the client re-exports it.
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import type { LoadedContract } from '../model/load.ts';
import { generatedDir } from '../scripts/paths.ts';
import { writeAtomically } from '../scripts/write-atomically.ts';

export const typesPath = join(generatedDir, 'api.d.ts');

const BLOB = ts.factory.createTypeReferenceNode('Blob');
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** The text of api.d.ts for a bundled document. Binary payloads become Blob; a `default` never makes a field required. */
export async function renderTypes(bundle: Record<string, unknown>): Promise<string> {
  // openapi-typescript annotates the document it is given: hand it a copy.
  const ast = await openapiTS(structuredClone(bundle) as unknown as OpenAPI3, {
    defaultNonNullable: false,
    silent: true,
    transform(schema) {
      if (schema.format !== 'binary' && !('contentMediaType' in schema)) return undefined;
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      return types.includes('null') ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
    },
  });
  return astToString(ast);
}

export async function types(contract: LoadedContract): Promise<void> {
  await writeAtomically(typesPath, await renderTypes(contract.bundle));
}
