// The pipeline steps the review reuses, so it lints and renders types exactly as the build does.
export { lintSpec, type Problem } from '../lint.ts';
export { renderTypes } from '../types.ts';
