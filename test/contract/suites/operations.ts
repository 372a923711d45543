// Every operation of the contract, called through the client over mTLS with a dev token: each answer
// validates against the bundled spec and carries the document's status values (contract §3).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestMock } from '../../support/mock-server.ts';
import { bankingClient } from '../helpers/clients.ts';
import { cnabForm, validRequest } from '../helpers/requests.ts';
import { sharedMock } from '../helpers/shared.ts';
import type { Spec } from '../helpers/spec.ts';

let mock: TestMock;
let spec: Spec;
let client: ReturnType<typeof bankingClient>;

export function operationsSuite(): void {
  beforeAll(async () => {
    ({ mock, spec } = await sharedMock());
    client = bankingClient(mock, await mock.token());
  });
  afterAll(async () => {
    await client?.close();
  });

  /** The document's status values (§3) and other fixed facts, by operation. */
  const expected: Record<string, (body: never) => void> = {
    upsertLegalPerson: (b: { process: { status: string } }) => expect(b.process.status).toBe('ANALYZING'),
    createDueDatedPixQrCode: (b: { qrCode: { status: string } }) => expect(b.qrCode.status).toBe('ACTIVE'),
    confirmBoletoPayment: (b: { payment: { status: string } }) => expect(b.payment.status).toBe('PROCESSING'),
    refundPix: (b: { refund: { status: string } }) => expect(b.refund.status).toBe('PROCESSING'),
    resendNotification: (b: { resend: { status: string } }) => expect(b.resend.status).toBe('QUEUED'),
    retryWebhook: (b: { retry: { status: string } }) => expect(b.retry.status).toBe('QUEUED'),
    uploadCnab240File: (b: { upload: { status: string } }) => expect(b.upload.status).toBe('QUEUED'),
    createCard: (b: { card: { status: string; cardProxy: string } }) => {
      expect(b.card.status).toBe('INACTIVE');
      expect(b.card.cardProxy).toMatch(/^CRD-/);
    },
    requestCardSecondCopy: (b: { card: { status: string; reason: string; cardProxy: string } }) => {
      expect(b.card).toMatchObject({ status: 'INACTIVE', reason: 'SECOND_COPY' });
      expect(b.card.cardProxy).toMatch(/^CRD-/);
    },
    validateOtp: (b: { valid: unknown }) => expect(typeof b.valid).toBe('boolean'),
    tryWebhook: (b: unknown) => expect(b).toMatchObject({ status_code: 201, success: true }),
    listWebhookLogs: (b: unknown) => expect(b).toMatchObject({ status_code: 200, success: true }),
  };

  test('the spec has the 22 operations of the contract', async () => {
    expect(spec.operations).toHaveLength(22);
  });

  describe('each operation answers per the spec', () => {
    // Listed up front from the spec file so each operation is its own test.
    const ops = [
      'createBusinessAccount',
      'updateAccountHolder',
      'upsertLegalPerson',
      'createDueDatedPixQrCode',
      'createStaticPixQrCode',
      'registerBoleto',
      'createBoleto',
      'confirmBoletoPayment',
      'resendNotification',
      'validateOtp',
      'requestCardSecondCopy',
      'sendTed',
      'sendPix',
      'getWebhookUrl',
      'createCard',
      'retryWebhook',
      'uploadCnab240File',
      'refundPix',
      'validateBoletoPayment',
      'cancelAutomaticPixAuthorization',
      'tryWebhook',
      'listWebhookLogs',
    ];
    test.each(ops)('%s', async (operationId) => {
      const op = spec.operations.find((o) => o.operationId === operationId);
      if (!op) throw new Error(`${operationId} is not in the spec`);
      const { params, body: example } = validRequest(op, spec);
      const result =
        op.body?.mediaType === 'multipart/form-data'
          ? await client.uploadCnab240(Buffer.from((op.body.example as { file: string }).file), {
              filename: 'CB231101.REM',
            })
          : // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the spec
            await (client as any)[op.method](op.template, { params, body: example });
      const status = result.response.status;
      expect(status, JSON.stringify(result.error)).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
      const body = result.data;
      const { errors } = spec.validateResponse(op, status, body);
      expect(errors).toEqual([]);
      expected[operationId]?.(body as never);
    });
  });

  test('a refund answers with the id of its path, as the contract says (§4.18)', async () => {
    const id = `refund-${Date.now()}`;
    for (const prefer of [undefined, 'dynamic=true']) {
      const result = await client.PUT('/ar/pix/pix/{endToEndId}/refund/{id}', {
        params: { path: { endToEndId: 'E00000000202611231405a1b2c3d4e5f', id } },
        body: { amount: 10.5, reason: 'Produto devolvido' },
        headers: prefer ? { prefer } : {},
      });
      expect(result.response.status).toBe(200);
      expect(result.data?.refund.id).toBe(id);
    }
  });

  test('generated data (Prefer: dynamic=true) validates against the spec for every operation', async () => {
    for (const op of spec.operations) {
      const { params, body } = validRequest(op, spec);
      const headers = { prefer: 'dynamic=true' };
      const result =
        op.body?.mediaType === 'multipart/form-data'
          ? await client.POST('/hb/cnab/240/files', {
              headers,
              body: {},
              bodySerializer: () => cnabForm(),
            } as never)
          : // biome-ignore lint/suspicious/noExplicitAny: operations are called generically from the spec
            await (client as any)[op.method](op.template, { params, body, headers });
      const status = result.response.status;
      expect(status, `${op.operationId}: ${JSON.stringify(result.error)}`).toBeLessThan(300);
      expect(spec.validateResponse(op, status, result.data).errors, op.operationId).toEqual([]);
    }
  });
}
