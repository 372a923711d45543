// The types the client exports say what the contract's model says about file uploads: every binary part
// of a multipart body takes a Blob, and is required exactly when the model says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractModel } from '@banking-api/contract';
import { expect, it } from 'vitest';
import { typeCheckAgainstClient } from '../../../test/support/typecheck.ts';

const binaryParts = contractModel().operations.flatMap((op) =>
  (op.requestBody?.content ?? []).flatMap((media) =>
    (media.fields ?? []).filter((field) => field.binary).map((field) => ({ op, media, field })),
  ),
);

it('every binary multipart field of the model is a Blob in the client’s types, required as the model says', () => {
  expect(binaryParts.length).toBeGreaterThan(0);
  const checks = binaryParts.map(({ op, media, field }, i) => {
    const body = `NonNullable<paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method.toLowerCase())}]['requestBody']>['content'][${JSON.stringify(media.mediaType)}]`;
    const name = JSON.stringify(field.name);
    return [
      `// ${op.key} ${field.name}`,
      `type Body${i} = ${body};`,
      `const part${i}: Body${i}[${name}] = new Blob(['x']);`,
      `const presence${i}: {} extends Pick<Body${i}, ${name}> ? 'optional' : 'required' = '${field.required ? 'required' : 'optional'}';`,
      `console.log(part${i}, presence${i});`,
    ].join('\n');
  });
  const dir = mkdtempSync(join(tmpdir(), 'client-types-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  const file = join(dir, 'uploads.ts');
  writeFileSync(file, ["import type { paths } from '@banking-api/client';", ...checks].join('\n'));
  expect(typeCheckAgainstClient([file], () => 'uploads.ts')).toEqual([]);
});
