// Type-checks files in strict mode (exactOptionalPropertyTypes too, the strictest a consumer may be) against the built client package, as a consumer would compile them: the
// README's code blocks and the reference's TypeScript samples both go through here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from '../../scripts/paths.ts';

const clientPackage = path.join(root, 'node_modules/@banking-api/client');
const clientTypes = path.join(
  clientPackage,
  (JSON.parse(readFileSync(path.join(clientPackage, 'package.json'), 'utf8')) as { types: string }).types,
);

/** Diagnostics as `file:line message`, with file names shown through `display`. */
export function typeCheckAgainstClient(
  files: string[],
  display: (fileName: string) => string = (fileName) => path.relative(root, fileName),
): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [path.join(root, 'node_modules/@types')], // the files may live outside the repo
    // The built package's declared types, as a consumer gets them, wherever the checked files live.
    paths: { '@banking-api/client': [clientTypes] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? display(d.file.fileName) : '';
    return `${file}:${(where?.line ?? 0) + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
