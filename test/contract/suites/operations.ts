// Every operation of the contract, called through the client over mTLS with a dev token: each answer
// validates against the model's schemas and carries the document's status values (contract §3).

import { isMultipart } from '@banking-api/conformance';
import { contractModel } from '@banking-api/contract';
import { describe, expect, test } from 'vitest';
import { callOperation } from '../../support/clients.ts';
import { validRequest } from '../../support/requests.ts';
import { useSession } from '../../support/session.ts';
import type { Operation } from '../../support/spec.ts';

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

export function operationsSuite(): void {
  const session = useSession();

  /** The multipart upload goes through the client's own helper, with the example's file content. */
  function callWithExample(op: Operation) {
    const { params, body } = validRequest(op);
    if (!isMultipart(op)) return callOperation(session.client, op, { params, body });
    const { file } = body as { file: string };
    return session.client.uploadCnab240(Buffer.from(file), { filename: 'CB231101.REM' });
  }

  test('every fact checked above names an operation of the contract', () => {
    const ids = new Set(session.spec.operations.map((o) => o.operationId));
    expect(Object.keys(expected).filter((id) => !ids.has(id))).toEqual([]);
  });

  describe('each operation answers per the contract', () => {
    // Listed from the model at collection time so each operation is its own test.
    test.each(contractModel().operations.map((o) => o.operationId))('%s', async (operationId) => {
      const op = session.spec.operations.find((o) => o.operationId === operationId);
      if (!op) throw new Error(`${operationId} is not in the contract`);
      const result = await callWithExample(op);
      const status = result.response.status;
      expect(status, JSON.stringify(result.error)).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
      expect(session.spec.validateResponse(op, result.response, result.data).errors).toEqual([]);
      expected[operationId]?.(result.data as never);
    });
  });

  test('a refund answers with the id of its path, as the contract says (§4.18)', async () => {
    const id = `refund-${Date.now()}`;
    for (const prefer of [undefined, 'dynamic=true']) {
      const result = await session.client.PUT('/ar/pix/pix/{endToEndId}/refund/{id}', {
        params: { path: { endToEndId: 'E00000000202611231405a1b2c3d4e5f', id } },
        body: { amount: 10.5, reason: 'Produto devolvido' },
        headers: prefer ? { prefer } : {},
      });
      expect(result.response.status).toBe(200);
      expect(result.data?.refund.id).toBe(id);
    }
  });

  test('generated data (Prefer: dynamic=true) validates against the contract for every operation', async () => {
    for (const op of session.spec.operations) {
      const { params, body } = validRequest(op);
      const result = await callOperation(session.client, op, {
        params,
        body,
        headers: { prefer: 'dynamic=true' },
      });
      const status = result.response.status;
      expect(status, `${op.operationId}: ${JSON.stringify(result.error)}`).toBeLessThan(300);
      expect(session.spec.validateResponse(op, result.response, result.data).errors, op.operationId).toEqual(
        [],
      );
    }
  });
}
