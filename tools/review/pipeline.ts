// The pipeline steps the review reuses, so it lints and renders types exactly as the build does.
// Loaded on demand (each pulls in a large toolchain: Spectral; openapi-typescript and TypeScript).
export type { Problem } from '../../pipeline/lint/index.ts';

type Types = typeof import('../../pipeline/api-types.ts');

type Lint = typeof import('../../pipeline/lint/index.ts');

export const lintSpec = async (file: string, options?: Parameters<Lint['lintSpec']>[1]) =>
  (await import('../../pipeline/lint/index.ts')).lintSpec(file, options);

export const renderTypes = async (bundle: Parameters<Types['renderTypes']>[0]) =>
  (await import('../../pipeline/api-types.ts')).renderTypes(bundle);
