// The contract, read once through Redocly's resolver: the bundle (refs to components kept, as published)
// and the typed model every step reads. The contract may be one file or split across files by `$ref`.
// One resolve per load: the files are read and parsed once (the resolver's cache serves the bundler and the
// source locations), the bundle is made once, and the model reads it with its `$ref`s followed in place.
// A contract is untrusted input (it comes with pull requests): it is opened first (model/open.ts), confined
// to its folder and bounded in size, depth and YAML aliases, before anything reads it.
import type { ContractModel, Server } from '@banking-api/contract';
import { linkSchemas } from '../packages/contract/src/schemas.ts';
import { openedContract } from './open.ts';
import { gapsOf, OPERATION_METHODS, operationReader, operationsOf } from './operations.ts';
import { outgoingOf } from './outgoing.ts';
import { bundleDocument, contractConfig } from './redocly.ts';
import { operationReferences } from './references.ts';
import { type Json, refReader } from './refs.ts';
import { securitySchemesOf } from './security-schemes.ts';
import { readSources, type Sources, withSource } from './sources.ts';

export { admitContract, checkContract, type OpenedContract, openContract } from './open.ts';
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

/** The bundle holds `$ref`s to its own nodes only: anything else would send a later tool outside it. */
function checkBundleRefs(bundle: Json): void {
  const stack: unknown[] = [bundle];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as Json).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#'))
      throw new Error(
        `the bundle still names "${ref}": a contract's references name files inside its folder`,
      );
    for (const child of Object.values(node)) stack.push(child);
  }
}

/** Reads the contract at `file` (YAML or JSON, possibly split by `$ref`) into its bundle and model. */
export async function loadContract(file: string): Promise<LoadedContract> {
  const { root, resolver } = await openedContract(file);
  const config = await contractConfig();
  const sources = await readSources(root, resolver, OPERATION_METHODS);
  const bundle = await bundleDocument(root, resolver, config, file);
  checkBundleRefs(bundle);
  const reader = refReader(bundle);
  const info = obj(bundle.info);
  const securitySchemes = securitySchemesOf(reader, bundle);
  // One file and no `x-equals` in it: no field rule to look for (a split contract is read for them).
  const markers = resolver.cache.size > 1 || root.source.body.includes('x-equals');
  const operationsReader = operationReader(reader, bundle, securitySchemes, markers);
  const partial = operationsOf(operationsReader, bundle);
  const references = operationReferences(bundle, partial);
  const operations = partial.map((op) =>
    withSource(
      { ...op, components: references.components.get(op.key) ?? [] },
      sources.operations.get(op.key) ?? (() => ({ file: '', line: 1 })),
    ),
  );
  const outgoing = outgoingOf(operationsReader, bundle, operations, references.pointers, sources.locate);
  const schemas = reader.table();
  const model: ContractModel = {
    title: String(info.title),
    version: String(info.version),
    servers: serversOf(bundle),
    securitySchemes,
    gaps: gapsOf(info),
    operations,
    componentReferences: references.graph,
    ...(outgoing.length > 0 && { outgoing }),
    ...(Object.keys(schemas).length > 0 && { schemas }),
  };
  linkModel(model);
  return { bundle, model, operationPointers: references.pointers, locate: sources.locate };
}

/** Every schema of the model linked to its table, so that @banking-api/contract's queries follow `$ref`s. */
function linkModel(model: ContractModel): void {
  const table = model.schemas ?? {};
  for (const schema of Object.values(table)) linkSchemas(schema, table);
  for (const op of [...model.operations, ...(model.outgoing ?? []).map((o) => o.operation)]) {
    for (const p of op.parameters) linkSchemas(p.schema, table);
    for (const media of [...(op.requestBody?.content ?? []), ...op.responses.flatMap((r) => r.content)]) {
      linkSchemas(media.schema, table);
      for (const field of media.fields ?? []) linkSchemas(field.schema, table);
    }
  }
}

/** The model as committed in generated/contract-model.json: stable key order, final newline. */
export const renderModel = (model: ContractModel) => `${JSON.stringify(model, null, 2)}\n`;
