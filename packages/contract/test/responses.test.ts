// responseFor: the one rule for which documented response covers a status (exact, range, default but never
// for a 2xx), on shapes the contract does not have yet as well as on the contract itself.
import {
  contractModel,
  type Operation,
  type Response,
  responseFor,
  successResponses,
} from '@banking-api/contract';
import { describe, expect, it } from 'vitest';

const response = (status: string): Response => ({ status, description: status, content: [], headers: [] });
const operation = (...statuses: string[]): Operation =>
  ({ ...contractModel().operations[0], responses: statuses.map(response) }) as Operation;

describe('responseFor', () => {
  it('takes the exact status first, then its range, then default', () => {
    const op = operation('200', '4XX', '404', 'default');
    expect(responseFor(op, 200)?.status).toBe('200');
    expect(responseFor(op, 404)?.status).toBe('404');
    expect(responseFor(op, 409)?.status).toBe('4XX');
    expect(responseFor(op, 503)?.status).toBe('default');
  });

  it('reads a lower-case range as OpenAPI’s upper-case one', () => {
    expect(responseFor(operation('2xx'), 204)?.status).toBe('2xx');
  });

  it('never lets default cover a success: an undocumented 2xx is a deviation', () => {
    const op = operation('200', 'default');
    expect(responseFor(op, 201)).toBeUndefined();
    expect(responseFor(op, 302)?.status).toBe('default');
    expect(responseFor(operation('2XX', 'default'), 201)?.status).toBe('2XX');
  });

  it('gives every operation of the contract a documented success and an error answer', () => {
    for (const op of contractModel().operations) {
      expect(successResponses(op).length, op.key).toBeGreaterThan(0);
      expect(responseFor(op, 400), op.key).toBeDefined();
    }
  });
});
