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

/**
 * True only when A and B are the same type. Plain assignment, even both ways, passes for `any`; this
 * compares how each would answer every conditional type, which `any` does not match.
 */
const SAME = [
  'type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;',
  // The check bites: a part widened to any, unknown or a union, or narrowed to File, would fail it.
  ...['any', 'unknown', 'Blob | string', 'File'].map(
    (wrong, i) => `// @ts-expect-error ${wrong} is not Blob\nconst wrong${i}: Same<${wrong}, Blob> = true;`,
  ),
].join('\n');

it('every binary multipart field of the model is a Blob in the client’s types, required as the model says', () => {
  expect(binaryParts.length).toBeGreaterThan(0);
  const checks = binaryParts.map(({ op, media, field }, i) => {
    const body = `NonNullable<paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method.toLowerCase())}]['requestBody']>['content'][${JSON.stringify(media.mediaType)}]`;
    const name = JSON.stringify(field.name);
    return [
      `// ${op.key} ${field.name}`,
      `type Body${i} = ${body};`,
      `const part${i}: Same<Required<Body${i}>[${name}], Blob> = true;`,
      `const presence${i}: {} extends Pick<Body${i}, ${name}> ? 'optional' : 'required' = '${field.required ? 'required' : 'optional'}';`,
      `console.log(part${i}, presence${i});`,
    ].join('\n');
  });
  const dir = mkdtempSync(join(tmpdir(), 'client-types-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  const file = join(dir, 'uploads.ts');
  writeFileSync(file, ["import type { paths } from '@banking-api/client';", SAME, ...checks].join('\n'));
  expect(typeCheckAgainstClient([file], () => 'uploads.ts')).toEqual([]);
});

// A consumer compiling with exactOptionalPropertyTypes passes `process.env.X` (string | undefined) to an
// optional option as it is: every optional option of the client's options says `| undefined`.
it('every optional option accepts an explicit undefined under exactOptionalPropertyTypes', () => {
  const source = `import { createBankingClient, type BankingClient, type BankingClientOptions, type Hooks, type RetryOptions, type TlsOptions } from '@banking-api/client';
/** Keys of T that are optional but refuse { key: undefined } (reading T[K] would say | undefined anyway). */
type RefusingUndefined<T> = T extends unknown
  ? { [K in keyof T]-?: {} extends Pick<T, K> ? ({ [P in K]: undefined } extends Pick<T, K> ? never : K) : never }[keyof T]
  : never;
type Upload = NonNullable<Parameters<BankingClient['uploadCnab240']>[1]>;
/** Compiles only when T is never; otherwise the error names the keys. */
const none = <T extends never>() => true;
none<RefusingUndefined<BankingClientOptions>>();
none<RefusingUndefined<TlsOptions>>();
none<RefusingUndefined<RetryOptions>>();
none<RefusingUndefined<Hooks>>();
none<RefusingUndefined<Upload>>();

// The case that showed it: options straight from the environment.
const env = (name: string): string | undefined => process.env[name];
const seconds = (name: string): number | undefined => (env(name) ? Number(env(name)) : undefined);
const client = createBankingClient({
  baseUrl: 'https://api.sandbox.example.com',
  token: 't',
  environment: env('ENV') === 'production' ? 'production' : undefined,
  accountId: env('ACCOUNT'),
  timeoutMs: seconds('TIMEOUT'),
  tls: { cert: 'c', key: 'k', passphrase: env('PASSPHRASE'), ca: env('CA') },
  retry: { retries: seconds('RETRIES'), baseDelayMs: undefined, maxDelayMs: undefined },
  hooks: { onAttemptStart: undefined },
});
await client.uploadCnab240('f.rem', { filename: env('NAME'), signal: undefined });
`;
  const dir = mkdtempSync(join(tmpdir(), 'client-types-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  const file = join(dir, 'options.ts');
  writeFileSync(file, source);
  expect(typeCheckAgainstClient([file], () => 'options.ts')).toEqual([]);
});
