// Defaults shared by the two CLIs: where the bundled spec and the dev PKI live.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const repoPath = (rel: string) => fileURLToPath(new URL(`../../../${rel}`, import.meta.url));

/** The git-ignored dev PKI folder at the repository root. */
export const defaultPkiDir = process.env.MOCK_PKI_DIR ?? repoPath('.dev-pki');

/** The bundled spec written by `npm run bundle`: JSON when present, else YAML. */
export function defaultSpecPath(): string {
  const json = repoPath('generated/openapi.json');
  return existsSync(json) ? json : repoPath('generated/openapi.yaml');
}
