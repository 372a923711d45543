// The generated files are fresh and say what the spec says: types via openapi-typescript (Blob for
// binary, no required-by-default) and the operations table the client's retry/account logic reads.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  operationRows,
  operationsPath,
  renderOperations,
  renderTypes,
  typesPath,
} from '../../../scripts/types.js';

const specPath = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
const spec = parse(readFileSync(specPath, 'utf8'));

describe('generation from openapi.yaml', () => {
  it('generated/api.d.ts and the operations table are up to date (run `npm run build`)', async () => {
    expect(readFileSync(typesPath, 'utf8')).toBe(await renderTypes(specPath));
    expect(readFileSync(operationsPath, 'utf8')).toBe(renderOperations(spec));
  });

  it('marks exactly the contract’s account-scoped and idempotent-by-URL operations', () => {
    const rows = operationRows(spec);
    expect(rows).toHaveLength(22);
    const ids = (pick: (r: (typeof rows)[number]) => boolean) =>
      rows
        .filter(pick)
        .map((r) => r.operationId)
        .sort();
    expect(ids((r) => r.accountScoped)).toEqual(
      [
        'updateAccountHolder',
        'createDueDatedPixQrCode',
        'createStaticPixQrCode',
        'registerBoleto',
        'createBoleto',
        'confirmBoletoPayment',
        'sendTed',
        'sendPix',
        'createCard',
        'validateBoletoPayment',
      ].sort(),
    );
    expect(ids((r) => r.idempotent)).toEqual(
      [
        'upsertLegalPerson',
        'createBoleto',
        'confirmBoletoPayment',
        'sendPix',
        'refundPix',
        'validateBoletoPayment',
      ].sort(),
    );
    expect(rows.filter((r) => r.idempotent).every((r) => r.method === 'PUT')).toBe(true);
  });

  it('types binary payloads as Blob and never makes a field required because of a default', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Upload: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary' },
              other: { type: 'string', contentMediaType: 'application/octet-stream' },
              maybe: { type: ['string', 'null'], format: 'binary' },
              mode: { type: 'string', default: 'fast' },
            },
          },
        },
      },
    };
    const text = await renderTypes(doc as Parameters<typeof renderTypes>[0] & object); // contentMediaType: 3.1, untyped in openapi-typescript
    expect(text).toContain('file: Blob;');
    expect(text).toContain('other?: Blob;');
    expect(text).toContain('maybe?: Blob | null;');
    expect(text).toContain('mode?: string;');
  });
});
