// The mock's own features on the gateway's request path, put together once per mock: the sessions (each
// with its faults, stubs, journal and stateful sandbox), the usage record and the admin route, as hooks in
// the order they must run (hooks.ts).
import type { ContractModel } from '@banking-api/contract';
import { adminHooks } from './admin.ts';
import { DEFAULT_SESSION } from './admin-api.ts';
import { definedOnly } from './defined.ts';
import type { DevPki } from './dev-pki.ts';
import { faultHooks } from './faults.ts';
import { chainHooks, type GatewayHooks } from './hooks.ts';
import { journalHooks, journalRedactor } from './journal.ts';
import { limitsWith } from './limits.ts';
import type { MockOptions } from './mock-options.ts';
import { Session } from './session.ts';
import { defaultSessionLimits, type SessionLimits, Sessions, sessionHooks } from './sessions.ts';
import { sandboxHooks } from './state.ts';
import { stubHooks } from './stubs.ts';
import { TokenVerifier } from './tokens.ts';
import { UsageRecorder, usageHooks } from './usage.ts';

export interface Features {
  sessions: Sessions;
  usage: UsageRecorder;
}

/** The default session keeps the mock's own limits; opened sessions the (smaller) per-session ones. */
export function featuresOf(options: MockOptions, model: ContractModel): Features {
  const stateful = options.stateful ?? false;
  const journal = definedOnly({
    maxEntries: options.journalSize,
    maxBytes: options.journalMaxBytes,
    maxBodyBytes: options.journalMaxBodyBytes,
  });
  const stores = { journal, state: definedOnly(options.stateLimits ?? {}), stubs: {} };
  const faults = typeof options.faults === 'object' ? options.faults : undefined;
  const operationIds = model.operations.map((op) => op.operationId);
  const contract = { model, operationIds, redactor: journalRedactor(model) };
  const defaultSession = new Session(DEFAULT_SESSION, contract, stores, { stateful, faults });
  const limits: SessionLimits = { ...defaultSessionLimits, ...definedOnly(options.sessionLimits ?? {}) };
  return {
    sessions: new Sessions(contract, defaultSession, limits, stateful),
    usage: new UsageRecorder(model),
  };
}

/**
 * Sessions first (every later hook acts on the request's session), then the usage record and the journal
 * (they record every answer), the admin route, faults, the sandbox's idempotent replay; for valid requests,
 * stubs, then the sandbox's webhook logs (a stub wins).
 */
export function hooksOf({ sessions, usage }: Features, pki: DevPki, options: MockOptions): GatewayHooks {
  const verifier = new TokenVerifier(pki.jwt.publicKey);
  const sandbox = sandboxHooks();
  return chainHooks(
    [
      sessionHooks(sessions),
      usageHooks(usage),
      journalHooks(),
      adminHooks({ verifier, sessions, limits: limitsWith(options.limits), usage: () => usage.document() }),
      faultHooks({ perRequest: options.faults !== undefined && options.faults !== false }),
      sandbox.replay,
      stubHooks(),
      sandbox.webhookLogs,
    ],
    options.log,
  );
}
