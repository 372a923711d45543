// The pipeline steps the review reuses, so it bundles, lints and renders types exactly as the build does.
export { bundleSpec } from '../bundle.ts';
export { lintSpec, type Problem } from '../lint.ts';
export { renderTypes } from '../types.ts';
