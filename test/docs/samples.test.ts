// Every TypeScript code sample of the reference, generated from the current spec's model, type-checks against
// the client's source: a spec or client change that breaks a published sample fails here.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Operation } from '@banking-api/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../model/load.ts';
import { curlSample, defaultBaseUrl, typescriptSample } from '../../pipeline/docs/samples.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { typeCheckAgainstClient as typeCheck } from '../support/typecheck.ts';

const dir = path.join(root, '.cache/docs-samples');

let ops: readonly Operation[];
let baseUrl: string;
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
        await writeFile(file, typescriptSample(op, baseUrl));
        return file;
      }),
    );
    // Controls, in the same program (one compile): what a sample looks like after the spec moved on.
    const sendPix = ops.find((op) => op.operationId === 'sendPix');
    if (!sendPix) throw new Error('sendPix missing from the spec');
    const sample = typescriptSample(sendPix, baseUrl);
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

describe('curl code samples', () => {
  it('use the client certificate, key and CA, the Bearer token and the account header where required', () => {
    for (const op of ops) {
      const sample = curlSample(op);
      expect(sample).toMatch(/^(# .*\n)?curl --cert client\.crt --key client\.key --cacert ca\.crt /);
      expect(sample).toContain(`-X ${op.method} "$BANKING_API_URL/`);
      expect(sample).toContain('Authorization: Bearer $BANKING_API_TOKEN');
      const needsAccount = op.parameters.some((p) => p.in === 'header' && p.name === 'x-account-id');
      expect(sample.includes("-H 'x-account-id: "), op.operationId).toBe(needsAccount);
      expect(sample).not.toMatch(/\{[A-Za-z]+\}/); // every path parameter filled in
    }
    const upload = ops.find((op) => op.operationId === 'uploadCnab240File');
    expect(upload && curlSample(upload)).toContain('-F file=@remessa.rem');
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
    expect(sample).toContain("baseUrl: process.env.BANKING_API_URL ?? 'https://sandbox.example:8443/v1',");
    expect(() => defaultBaseUrl([])).toThrow('the contract lists no server');
  });
});
