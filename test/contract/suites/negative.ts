// Requests the contract (or the mock's documented choices) reject: each answer is the error envelope
// with the real path and time; invalid requests get 400 VALIDATION_ERROR with the real violations.
import { describe } from 'vitest';
import { authenticationCases } from './negative/authentication.ts';
import { certificateCases } from './negative/certificates.ts';
import { invalidRequestCases } from './negative/validation.ts';

export function negativeSuite(): void {
  describe('invalid requests: 400 VALIDATION_ERROR with the real violations', invalidRequestCases);
  describe(
    'authentication (the mock’s choices: 401 for the token, 403 for scope and environment)',
    authenticationCases,
  );
  describe(
    'client certificates: refused in the TLS handshake, a typed transport error in the client',
    certificateCases,
  );
}
