// The copy of the bundled spec that Prism serves: without the mutualTLS scheme, which Prism cannot
// handle (the gateway does mutual TLS). Which schemes and operations there are is read from the model;
// the document is only edited where the model points.
import { readFile } from 'node:fs/promises';
import type { ContractModel } from '@banking-api/contract';
import { parse } from 'yaml';

type Requirement = Record<string, string[]>;

/** The parts of an OpenAPI document this file edits; the rest passes through untouched. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { security?: Requirement[]; [key: string]: unknown } | undefined>>;
  security?: Requirement[];
  components?: { securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

/** The bundled spec at `path`, JSON or YAML. */
export async function readSpec(path: string): Promise<OpenApiDocument> {
  const text = await readFile(path, 'utf8');
  return (path.endsWith('.json') ? JSON.parse(text) : parse(text)) as OpenApiDocument;
}

/**
 * `doc` without the model's mutualTLS schemes, neither declared nor required. Only what changes is copied
 * (the schemes, and each operation that names one): a deep copy of the whole document grew the mock's start
 * with the contract (a CPU profile at 2,002 operations); `doc` itself is left as it was.
 */
export function withoutMutualTls(doc: OpenApiDocument, model: ContractModel): OpenApiDocument {
  const mtls = new Set(model.securitySchemes.filter((s) => s.type === 'mutualTLS').map((s) => s.name));
  const schemes = Object.fromEntries(
    Object.entries(doc.components?.securitySchemes ?? {}).filter(([name]) => !mtls.has(name)),
  );
  const copy: OpenApiDocument = { ...doc, components: { ...doc.components, securitySchemes: schemes } };
  if (doc.security) copy.security = withoutSchemes(doc.security, mtls);
  const paths = { ...doc.paths };
  for (const op of model.operations) {
    const item = paths[op.path];
    const method = op.method.toLowerCase();
    const operation = item?.[method];
    if (!item || !operation?.security) continue;
    paths[op.path] = {
      ...item,
      [method]: { ...operation, security: withoutSchemes(operation.security, mtls) },
    };
  }
  copy.paths = paths;
  return copy;
}

function withoutSchemes(requirements: Requirement[], names: ReadonlySet<string>): Requirement[] {
  const kept = requirements.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !names.has(k))));
  // `{}` means "no authentication": keep it only where a removed scheme was the sole requirement.
  const nonEmpty = kept.filter((r) => Object.keys(r).length > 0);
  return nonEmpty.length > 0 ? nonEmpty : kept;
}
