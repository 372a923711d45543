// Type-checks files as the strict consumer compiles them, against the built client package: the README's
// code blocks, the reference's TypeScript samples and the client's type tests all go through here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { root } from '../../scripts/paths.ts';
import { strictConsumerOptions } from './strict-consumer.ts';

const clientPackage = path.join(root, 'node_modules/@banking-api/client');
const clientTypes = path.join(
  clientPackage,
  (JSON.parse(readFileSync(path.join(clientPackage, 'package.json'), 'utf8')) as { types: string }).types,
);

const { options: consumerOptions, errors } = ts.convertCompilerOptionsFromJson(strictConsumerOptions, root);
if (errors.length) throw new Error(ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n'));

/** Diagnostics as `file:line message`, with file names shown through `display`. */
export function typeCheckAgainstClient(
  files: string[],
  display: (fileName: string) => string = (fileName) => path.relative(root, fileName),
): string[] {
  const program = ts.createProgram(files, {
    ...consumerOptions,
    skipLibCheck: true, // the client's own declarations are checked by its build; these checks are the files'
    noEmit: true,
    // The built package's declared types, as a consumer gets them, wherever the checked files live.
    paths: { '@banking-api/client': [clientTypes] },
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const file = d.file ? display(d.file.fileName) : '';
    return `${file}:${(where?.line ?? 0) + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}
