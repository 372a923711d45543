// The probe checks that need a credential beyond --token: which option gives it, and whether a run has it.
// One table, read by the run (which checks it can send) and by a rerun (which earlier checks it cannot).
import { isCompactJws } from '@banking-api/conformance';
import type { CliOptions } from './options.js';

type Credentials = Pick<CliOptions, 'token' | 'unscopedToken' | 'expiredToken' | 'otherEnvToken'>;

const NEEDS: Readonly<Record<string, { option: string; given: (options: Credentials) => boolean }>> = {
  'scope-enforced': { option: '--unscoped-token', given: (o) => Boolean(o.unscopedToken) },
  'expired-token-refused': { option: '--expired-token', given: (o) => Boolean(o.expiredToken) },
  'cross-environment-refused': { option: '--other-env-token', given: (o) => Boolean(o.otherEnvToken) },
  'forged-token-refused': {
    option: '--token as a JWS (header.payload.signature)',
    given: (o) => isCompactJws(o.token),
  },
};

/** The option a check needs beyond --token, if any. */
export const optionNeeded = (check: string): string | undefined => NEEDS[check]?.option;

/** Whether `options` give what `check` needs (every check not in the table needs only --token). */
export const hasCredentialFor =
  (options: Credentials) =>
  (check: string): boolean =>
    NEEDS[check]?.given(options) ?? true;
