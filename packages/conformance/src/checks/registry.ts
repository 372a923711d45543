// Every check the engine runs, in the order it runs them: the answer checks judge each answer in this order
// (judge/judge.ts); the probe checks run per operation (in this order), then per path, then once. A new
// check is a file of its own beside these, a line here, and a test in test/checks/<id>.test.ts.
import { accountHeaderRequired } from './account-header-required.js';
import { answersWithinLimits } from './answers-within-limits.js';
import { authRequired } from './auth-required.js';
import type { Check } from './check.js';
import { clientCertificateRequired } from './client-certificate-required.js';
import { crossEnvironmentRefused } from './cross-environment-refused.js';
import { errorEnvelopeCheck } from './error-envelope.js';
import { exampleAccepted } from './example-accepted.js';
import { expiredTokenRefused } from './expired-token-refused.js';
import { fieldRules } from './field-rules.js';
import { foreignClientCertificateRefused } from './foreign-client-certificate-refused.js';
import { forgedTokenRefused } from './forged-token-refused.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { negativeRejected } from './negative-rejected.js';
import { noServerError } from './no-server-error.js';
import { responseContentType } from './response-content-type.js';
import { responseSchema } from './response-schema.js';
import { responseStatus } from './response-status.js';
import { scopeEnforced } from './scope-enforced.js';

/** The registry. A function, not a constant: the checks import the judge, which reads this list. */
export function allChecks(): readonly Check[] {
  return [
    answersWithinLimits,
    noServerError,
    responseStatus,
    responseContentType,
    responseSchema,
    errorEnvelopeCheck,
    fieldRules,
    exampleAccepted,
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
  ];
}

/** A check by its id. */
export const checkById = (id: string): Check | undefined => allChecks().find((c) => c.id === id);
