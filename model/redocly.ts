// Redocly's resolver and bundler, the one way the contract is read, and the config it is read with.
import path from 'node:path';
import {
  BaseResolver,
  bundle,
  type Config,
  createConfig,
  type Document,
  getLineColLocation,
  loadConfig,
  type NormalizedProblem,
  type Source,
} from '@redocly/openapi-core';

const configPath = path.join(import.meta.dirname, '..', 'redocly.yaml');
/** The sections of redocly.yaml that configure the reference site, not how the contract is read or linted. */
export const DOCS_SECTIONS = ['openapi', 'theme'];

let config: Promise<Config> | undefined;
let contractOnly: Promise<Config> | undefined;

/** redocly.yaml of the repo, docs sections included, loaded once per process (the reference site's options). */
export function redoclyConfig(): Promise<Config> {
  config ??= loadConfig({ configPath });
  return config;
}

/** Reads redocly.yaml without its docs sections; every other file as Redocly reads it. */
class WithoutDocsSections extends BaseResolver {
  override parseDocument(source: Source, isRoot?: boolean): Document {
    const document = super.parseDocument(source, isRoot);
    const { parsed } = document;
    if (source.absoluteRef === configPath && parsed && typeof parsed === 'object')
      for (const section of DOCS_SECTIONS) delete (parsed as Record<string, unknown>)[section];
    return document;
  }
}

/**
 * redocly.yaml without its docs sections, loaded once per process: what bundling, walking and linting the
 * contract need (Redocly's loader otherwise, lint-ignore file included). Resolving the docs sections compiles
 * a JSON schema per option (60–80 ms, a tenth of a cold review) for settings none of these read.
 */
export function contractConfig(): Promise<Config> {
  contractOnly ??= loadConfig({ configPath, externalRefResolver: new WithoutDocsSections() });
  return contractOnly;
}

let standard: Promise<Config> | undefined;

/**
 * Redocly's `recommended` ruleset alone, loaded once per process: how a contract other than ours is linted
 * (scripts/contract.ts); redocly.yaml's stricter rules are this contract's house choices.
 */
export function standardConfig(): Promise<Config> {
  standard ??= createConfig({ extends: ['recommended'] });
  return standard;
}

/** `file:line:col message` for each error, so a broken `$ref` names where it is written. */
function throwOnErrors(problems: NormalizedProblem[], file: string): void {
  const errors = problems.filter((p) => p.severity === 'error');
  if (!errors.length) return;
  const lines = errors.map((p) => {
    const where = p.location[0];
    const at = where ? getLineColLocation(where) : undefined;
    const source = path.relative(process.cwd(), where?.source.absoluteRef ?? file);
    return `${source}:${at?.start.line ?? 1}:${at?.start.col ?? 1} ${p.message}`;
  });
  throw new Error(`the contract does not resolve:\n${lines.join('\n')}`);
}

/**
 * The contract as one document, refs to `#/components` kept: Redocly's bundler over the root document the
 * resolver has read, with the same resolver (so no file is read or parsed twice).
 */
export async function bundleDocument(
  root: Document,
  resolver: BaseResolver,
  config: Config,
  file: string,
): Promise<Record<string, unknown>> {
  const result = await bundle({ doc: root, config, externalRefResolver: resolver, dereference: false });
  throwOnErrors(result.problems, file);
  return result.bundle.parsed as Record<string, unknown>;
}
