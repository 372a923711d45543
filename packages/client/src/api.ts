// The generated types (generated/api.d.ts, from openapi.yaml). The package build puts the file itself
// in dist/api.d.ts, so the published types never point outside the package.
export type * from '../../../generated/api.js';
