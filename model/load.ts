// The contract, read once through Redocly's resolver: the bundle (refs to components kept, as published)
// and the typed model every step reads. The contract may be one file or split across files by `$ref`.
// One resolve per load: the files are read and parsed once (the resolver's cache serves the bundler and the
// source locations), the bundle is made once, and the model reads it with its `$ref`s followed in place.
import path from 'node:path';
import type { ContractModel, Server } from '@banking-api/contract';
import { BaseResolver, type Document } from '@redocly/openapi-core';
import { gapsOf, OPERATION_METHODS, operationsOf, securitySchemesOf } from './operations.ts';
import { bundleDocument, contractConfig } from './redocly.ts';
import { operationReferences } from './references.ts';
import { type Json, refReader } from './refs.ts';
import { readSources, type Sources } from './sources.ts';

export type { Json } from './refs.ts';
export type { SourceLocation } from './sources.ts';

export interface LoadedContract {
  /** The bundled OpenAPI document, refs to `#/components` kept (what generated/openapi.* hold). */
  readonly bundle: Json;
  readonly model: ContractModel;
  /** JSON pointer of each operation's object (by key) in the bundle: see operationObjects. */
  readonly operationPointers: ReadonlyMap<string, string>;
  /** Where a node of the root document is written: `locate('#/components/schemas/Amount')`. */
  readonly locate: Sources['locate'];
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
  const config = await contractConfig();
  const resolver = new BaseResolver(config.resolve);
  const root = await resolver.resolveDocument(null, path.resolve(file), true);
  if (root instanceof Error) throw new Error(`the contract cannot be read: ${root.message}`);
  const sources = await readSources(root as Document, resolver, OPERATION_METHODS);
  const bundle = await bundleDocument(root as Document, resolver, config, file);
  const reader = refReader(bundle);
  const info = obj(bundle.info);
  const securitySchemes = securitySchemesOf(reader, bundle);
  const partial = operationsOf(reader, bundle, securitySchemes);
  const references = operationReferences(bundle, partial);
  const operations = partial.map((op) => ({
    ...op,
    components: references.components.get(op.key) ?? [],
    source: sources.operations.get(op.key) ?? { file: '', line: 1 },
  }));
  const model: ContractModel = {
    title: String(info.title),
    version: String(info.version),
    servers: serversOf(bundle),
    securitySchemes,
    gaps: gapsOf(info),
    operations,
  };
  return { bundle, model, operationPointers: references.pointers, locate: sources.locate };
}

/** The model as committed in generated/contract-model.json: stable key order, final newline. */
export const renderModel = (model: ContractModel) => `${JSON.stringify(model, null, 2)}\n`;
