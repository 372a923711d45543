// The strictest TypeScript project a consumer of our packages may compile in. The packed-package tests
// (client, mock, the release through verdaccio) and the type checks of README and samples all use it,
// so what "a strict consumer" means is said once.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/paths.ts';

/** `compilerOptions` as tsconfig.json spells them. */
export const strictConsumerOptions = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  skipLibCheck: false,
  types: ['node'],
  typeRoots: [path.join(root, 'node_modules/@types')], // the project lives outside the repo
};

/** Writes `project`/tsconfig.json compiling `files` as the strict consumer: into `outDir`, or not at all. */
export function writeStrictConsumerTsconfig(project: string, files: string[], outDir?: string): void {
  const emit = outDir ? { outDir } : { noEmit: true };
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...strictConsumerOptions, ...emit }, files }),
  );
}
