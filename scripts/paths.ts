import { fileURLToPath } from 'node:url';

/** Absolute paths of the pipeline's inputs and outputs. */
const at = (rel: string) => fileURLToPath(new URL(`../${rel}`, import.meta.url));

export const root = at('');
export const specPath = at('openapi.yaml');
export const generatedDir = at('generated');
export const bundledYamlPath = at('generated/openapi.yaml');
export const bundledJsonPath = at('generated/openapi.json');
export const modelPath = at('generated/contract-model.json');
