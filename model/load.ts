// The contract, read once through Redocly's resolver: the bundle (refs to components kept, as published)
// and the typed model every step reads. The contract may be one file or split across files by `$ref`.
import type { ContractModel, Server } from '../packages/contract/src/model.ts';
import { gapsOf, operationsOf, securitySchemesOf } from './operations.ts';
import { bundleContract } from './redocly.ts';
import { operationReferences, operationSources } from './references.ts';

export type Json = Record<string, unknown>;

export interface LoadedContract {
  /** The bundled OpenAPI document, refs to `#/components` kept (what generated/openapi.* hold). */
  readonly bundle: Json;
  readonly model: ContractModel;
  /** JSON pointer of each operation's object (by key) in the bundle: see operationObjects. */
  readonly operationPointers: ReadonlyMap<string, string>;
}

const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

function serversOf(doc: Json): Server[] {
  return (Array.isArray(doc.servers) ? doc.servers : []).map((raw: Json) => {
    const variables = Object.fromEntries(
      Object.entries(obj(raw.variables)).map(([name, v]) => {
        const variable = obj(v);
        const description = typeof variable.description === 'string' ? variable.description : undefined;
        return [name, { default: String(variable.default), ...(description && { description }) }];
      }),
    );
    const environment = typeof raw['x-environment'] === 'string' ? raw['x-environment'] : undefined;
    const description = typeof raw.description === 'string' ? raw.description : undefined;
    return {
      url: String(raw.url),
      ...(description && { description }),
      ...(environment && { environment }),
      variables,
    };
  });
}

/** Reads the contract at `file` (YAML or JSON, possibly split by `$ref`) into its bundle and model. */
export async function loadContract(file: string): Promise<LoadedContract> {
  const [plain, dereferenced, sources] = await Promise.all([
    bundleContract(file, false),
    bundleContract(file, true),
    operationSources(file),
  ]);
  const bundle = plain.parsed as Json;
  const resolved = dereferenced.parsed as Json;
  const info = obj(resolved.info);
  const securitySchemes = securitySchemesOf(resolved);
  const partial = operationsOf(resolved, securitySchemes);
  const references = await operationReferences(bundle, partial);
  const operations = partial.map((op) => ({
    ...op,
    components: references.components.get(op.key) ?? [],
    source: sources.get(op.key) ?? { file: '', line: 1 },
  }));
  const model: ContractModel = {
    title: String(info.title),
    version: String(info.version),
    servers: serversOf(resolved),
    securitySchemes,
    gaps: gapsOf(info),
    operations,
  };
  return { bundle, model, operationPointers: references.pointers };
}

/** The model as committed in generated/contract-model.json: stable key order, final newline. */
export const renderModel = (model: ContractModel) => `${JSON.stringify(model, null, 2)}\n`;
