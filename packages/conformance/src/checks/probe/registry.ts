// The probe checks, in the order they run: each sends requests of its own (per operation, per path, or once
// per run), and the judge holds every answer they get to the answer checks. The coverage phase (its two
// checks, deterministic) runs before negative-rejected's sampled bodies. A new probe check is a file
// beside these, a line here, and a test in test/checks/<id>.test.ts.
import type { ProbeCheck } from '../check.js';
import { accountHeaderRequired } from './account-header-required.js';
import { authRequired } from './auth-required.js';
import { clientCertificateRequired } from './client-certificate-required.js';
import { coverageAccepted } from './coverage-accepted.js';
import { coverageRejected } from './coverage-rejected.js';
import { crossEnvironmentRefused } from './cross-environment-refused.js';
import { exampleAccepted } from './example-accepted.js';
import { expiredTokenRefused } from './expired-token-refused.js';
import { foreignClientCertificateRefused } from './foreign-client-certificate-refused.js';
import { forgedTokenRefused } from './forged-token-refused.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { negativeRejected } from './negative-rejected.js';
import { scopeEnforced } from './scope-enforced.js';
import { webhookDelivered } from './webhook-delivered.js';

export const probeChecks: readonly ProbeCheck[] = [
  exampleAccepted,
  coverageAccepted,
  coverageRejected,
  negativeRejected,
  authRequired,
  scopeEnforced,
  forgedTokenRefused,
  expiredTokenRefused,
  crossEnvironmentRefused,
  accountHeaderRequired,
  methodNotAllowed,
  clientCertificateRequired,
  foreignClientCertificateRefused,
  webhookDelivered,
];
