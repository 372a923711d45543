// Every TypeScript code sample of the reference, generated from the current spec's model, type-checks against
// the client's source: a spec or client change that breaks a published sample fails here. And every language's
// sample carries what the call needs: the client certificate, the token, the account header where required.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { curlSample } from '../../pipeline/docs/samples/curl.ts';
import {
  codeSamples,
  defaultBaseUrl,
  SAMPLE_LANGUAGES,
  sampleRequest,
} from '../../pipeline/docs/samples/index.ts';
import { typescriptSample as typescriptOf } from '../../pipeline/docs/samples/typescript.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { typeCheckAgainstClient as typeCheck } from '../support/typecheck.ts';

const dir = path.join(root, '.cache/docs-samples');

let ops: readonly Operation[];
let baseUrl: string;
const typescriptSample = (op: Operation, base = baseUrl) => typescriptOf(sampleRequest(op, base));
beforeAll(async () => {
  const { model } = await loadContract(specPath);
  ops = model.operations;
  baseUrl = defaultBaseUrl(model.servers);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
});

describe('TypeScript code samples', () => {
  it('cover every operation and type-check against @banking-api/client; a stale sample fails', async () => {
    expect(ops.length).toBeGreaterThan(0);
    const files = await Promise.all(
      ops.map(async (op) => {
        const file = path.join(dir, `${op.operationId}.ts`);
        await writeFile(file, typescriptSample(op));
        return file;
      }),
    );
    // Controls, in the same program (one compile): what a sample looks like after the spec moved on.
    const sendPix = ops.find((op) => op.operationId === 'sendPix');
    if (!sendPix) throw new Error('sendPix missing from the spec');
    const sample = typescriptSample(sendPix);
    const renamedPath = sample.replace("'/ar/pix/v2/pix/{id}'", "'/ar/pix/v3/pix/{id}'");
    const droppedHeader = sample.replace(/ {4}header: \{[^}]*\},\n/, '');
    expect(droppedHeader).not.toBe(sample);
    const controls = { 'stale-path.ts': renamedPath, 'stale-header.ts': droppedHeader };
    for (const [name, text] of Object.entries(controls)) await writeFile(path.join(dir, name), text);

    const problems = typeCheck([...files, ...Object.keys(controls).map((name) => path.join(dir, name))]);
    const from = (name: string) =>
      problems.filter((p) => p.startsWith(path.relative(root, path.join(dir, name))));
    expect(problems.filter((p) => !Object.keys(controls).some((name) => from(name).includes(p)))).toEqual([]);
    expect(from('stale-path.ts').join('\n')).toContain('"/ar/pix/v3/pix/{id}"');
    expect(from('stale-header.ts').join('\n')).toMatch(/header|x-account-id/);
  });
});

describe('code samples in every language', () => {
  it('use the client certificate, key and CA, the Bearer token and the account header where required', () => {
    for (const op of ops) {
      const sample = curlSample(sampleRequest(op, baseUrl));
      expect(sample).toMatch(/^(# .*\n.*\n)?curl --cert client\.crt --key client\.key --cacert ca\.crt /);
      expect(sample).toContain(`-X ${op.method} "$BANKING_API_URL/`);
      expect(sample).toContain('Authorization: Bearer $BANKING_API_TOKEN');
      expect(sample).not.toMatch(/\{[A-Za-z]+\}/); // every path parameter filled in
    }
    // What each language writes for the certificate, the token and the account header.
    const marks: Record<string, { tls: RegExp; token: RegExp; account: RegExp }> = {
      curl: {
        tls: /--cert client\.crt --key client\.key --cacert ca\.crt/,
        token: /Bearer \$BANKING_API_TOKEN/,
        account: /-H 'x-account-id: /,
      },
      TypeScript: {
        tls: /cert: \{ path: 'client\.crt' \}.*ca: \{ path: 'ca\.crt' \}/,
        token: /BANKING_API_TOKEN/,
        account: /'x-account-id': '/,
      },
      Python: {
        tls: /cert=\("client\.crt", "client\.key"\)[\s\S]*verify="ca\.crt"/,
        token: /f"Bearer \{token\}"/,
        account: /"x-account-id": "/,
      },
      Java: {
        tls: /client\.p12[\s\S]*ca\.crt[\s\S]*\.sslContext\(tls\)/,
        token: /"Bearer " \+ System\.getenv\("BANKING_API_TOKEN"\)/,
        account: /\.header\("x-account-id", "/,
      },
      Go: {
        tls: /LoadX509KeyPair\("client\.crt", "client\.key"\)[\s\S]*RootCAs: +roots/,
        token: /"Bearer "\+os\.Getenv\("BANKING_API_TOKEN"\)/,
        account: /req\.Header\.Set\("x-account-id", "/,
      },
      'C#': {
        tls: /ClientCertificates\.Add\(new X509Certificate2\("client\.p12"[\s\S]*ca\.Thumbprint/,
        token: /"Bearer " \+ Environment\.GetEnvironmentVariable\("BANKING_API_TOKEN"\)/,
        account: /Headers\.Add\("x-account-id", "/,
      },
    };
    expect(Object.keys(marks)).toEqual(SAMPLE_LANGUAGES.map((l) => l.lang));
    for (const op of ops) {
      const needsAccount = op.parameters.some((p) => p.in === 'header' && p.name === 'x-account-id');
      for (const sample of codeSamples(op, baseUrl)) {
        const mark = marks[sample.lang] as (typeof marks)[string];
        const where = `${op.operationId} in ${sample.lang}`;
        expect(sample.source, where).toMatch(mark.tls);
        expect(sample.source, where).toMatch(mark.token);
        expect(mark.account.test(sample.source), where).toBe(needsAccount);
      }
    }
    const upload = ops.find((op) => op.operationId === 'uploadCnab240File');
    expect(upload && curlSample(sampleRequest(upload, baseUrl))).toContain("-F 'file=@remessa.rem;type=");
  });

  it('make a fresh idempotency id where the operation is idempotent by URL, in every language', () => {
    const refund = ops.find((op) => op.idempotency) as Operation;
    const example = refund.parameters.find((p) => p.name === refund.idempotency?.parameter)?.examples[0]
      ?.value;
    for (const sample of codeSamples(refund, baseUrl)) {
      expect(sample.source, sample.lang).toMatch(/uuid|UUID|Guid|newIdempotencyId|newID\(\)/);
      expect(sample.source, sample.lang).not.toContain(String(example));
    }
  });
});

describe('default address of the TypeScript samples', () => {
  it("is the sandbox server's URL with its variables at their defaults", () => {
    const variables = { base_url: { default: 'https://sandbox.example:8443' } };
    const servers = [
      { url: 'https://prod.example', environment: 'production', variables: {} },
      { url: '{base_url}/v1', environment: 'sandbox', variables },
    ];
    expect(defaultBaseUrl(servers)).toBe('https://sandbox.example:8443/v1');
    const sample = typescriptSample(ops[0] as Operation, defaultBaseUrl(servers));
    expect(codeSamples(ops[0] as Operation, defaultBaseUrl(servers)).length).toBe(SAMPLE_LANGUAGES.length);
    expect(sample).toContain("baseUrl: process.env.BANKING_API_URL ?? 'https://sandbox.example:8443/v1',");
    expect(() => defaultBaseUrl([])).toThrow('the contract lists no server');
  });
});
