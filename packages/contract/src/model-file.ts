// The model file as the package ships it: either the model itself, or the packed form of the build's
// model/pack.ts: `{ sharedSchemas, detailsFile, detailsSha256, model }`, where each schema that stands in
// several places is written once (each place holds `{ "$shared": index }`) and each operation keeps only its
// summary, with the byte range of its details (parameters, bodies, responses, security, gaps...) in the
// details file beside it. Read back into one read-only model, each shared schema the same object wherever it
// stands, each operation's details parsed when first read: a mock of 2,002 operations starts about as fast as
// one of 22 (bench/scale.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ContractModel, JsonSchema, Operation } from './model.js';
import { linkSchemas, type SchemaTable } from './schemas.js';

type PackedOperation = Record<string, unknown> & {
  /** Byte range (start, end exclusive) of its details in the details file: one JSON object. */
  $details: [number, number];
  /** The names of its details (a request body is optional). */
  $detailNames: string[];
};
type Packed = {
  sharedSchemas: JsonSchema[];
  detailsFile: string;
  /** The details file's SHA-256: a file replaced since (another version of the package) is refused. */
  detailsSha256: string;
  model: Omit<ContractModel, 'operations'> & { operations: PackedOperation[] };
};

/** The model in the file at `path`, whole or packed, deeply frozen (read-only, shared). */
export function readModelFile(path: string): ContractModel {
  const file: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (isOlderPacked(file))
    throw new Error(
      `${path} was packed by an older @banking-api/contract: give the whole model (contract-model.json)`,
    );
  if (!isPacked(file)) return deepFreeze(linkModel(file as ContractModel));
  const details = lazyDetails(join(dirname(path), file.detailsFile), file.detailsSha256);
  const table = linkedTable(file.model.schemas);
  const shared = file.sharedSchemas.map((schema) => {
    linkSchemas(schema, table);
    return deepFreeze(schema);
  });
  const operations = file.model.operations.map((op) => lazyOperation(op, details, shared, table));
  for (const out of file.model.outgoing ?? []) linkDetails(out.operation, table);
  return deepFreeze({ ...file.model, operations });
}

/** The model's schema table, each of its schemas linked to it (schemas.ts). */
function linkedTable(schemas: ContractModel['schemas']): SchemaTable {
  const table = schemas ?? {};
  for (const schema of Object.values(table)) linkSchemas(schema, table);
  return table;
}

/** Every schema of an operation's details linked to the model's table. */
function linkDetails(details: Partial<Operation>, table: SchemaTable): void {
  for (const p of details.parameters ?? []) linkSchemas(p.schema, table);
  const media = [
    ...(details.requestBody?.content ?? []),
    ...(details.responses ?? []).flatMap((r) => r.content),
  ];
  for (const m of media) {
    linkSchemas(m.schema, table);
    for (const field of m.fields ?? []) linkSchemas(field.schema, table);
  }
}

/** A whole model's schemas linked to its table, the operations' and the outgoing requests'. */
function linkModel(model: ContractModel): ContractModel {
  const table = linkedTable(model.schemas);
  for (const op of model.operations) linkDetails(op, table);
  for (const out of model.outgoing ?? []) linkDetails(out.operation, table);
  return model;
}

/**
 * The details file, read when an operation's details are first asked for: read at start, its megabytes of
 * Buffer made V8 collect garbage sooner, the largest part of what start still grew by (a CPU profile).
 */
function lazyDetails(path: string, sha256: string): () => Buffer {
  let file: Buffer | undefined;
  return () => {
    if (file) return file;
    const read = readFileSync(path);
    if (createHash('sha256').update(read).digest('hex') !== sha256)
      throw new Error(
        `${path} is not the one its model file was made with: restart on the installed package`,
      );
    file = read;
    return file;
  };
}

function isPacked(file: unknown): file is Packed {
  return typeof file === 'object' && file !== null && typeof (file as Packed).detailsFile === 'string';
}

/** The packed form before the details file: `{ sharedSchemas, model }`. */
function isOlderPacked(file: unknown): boolean {
  return !isPacked(file) && Array.isArray((file as Partial<Packed> | null)?.sharedSchemas);
}

/**
 * The operation, its details read through getters that parse them once, on first use. Enumerable, so that
 * spreading, JSON.stringify, structuredClone and deep equality see the operation as it was written.
 */
function lazyOperation(
  { $details: [start, end], $detailNames, ...summary }: PackedOperation,
  file: () => Buffer,
  shared: JsonSchema[],
  table: SchemaTable,
): Operation {
  let details: Record<string, unknown> | undefined;
  const read = () => {
    if (!details) {
      const parsed = linkShared(JSON.parse(file().toString('utf8', start, end)), shared);
      linkDetails(parsed, table);
      details = deepFreeze(parsed) as Record<string, unknown>;
    }
    return details;
  };
  const op: Record<string, unknown> = { ...deepFreeze(summary) };
  for (const name of $detailNames)
    Object.defineProperty(op, name, { enumerable: true, get: () => read()[name] });
  return Object.freeze(op) as unknown as Operation;
}

/** Each `{ $shared: index }` of the operation's schemas replaced by the shared schema itself. */
function linkShared(details: Partial<Operation>, shared: JsonSchema[]): Partial<Operation> {
  const link = (holder: { schema?: JsonSchema | undefined }) => {
    const index = (holder.schema as { $shared?: unknown } | undefined)?.$shared;
    if (typeof index === 'number') (holder as { schema: JsonSchema }).schema = shared[index] as JsonSchema;
  };
  details.parameters?.forEach(link);
  for (const media of details.requestBody?.content ?? []) {
    link(media);
    media.fields?.forEach(link);
  }
  for (const response of details.responses ?? []) response.content.forEach(link);
  return details;
}

/** Freezes `value` and all it holds; what is frozen already (a shared schema) is not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
