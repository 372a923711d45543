// The stores of a running mock, made once from its options: the sessions (the default one keeps the mock's
// own limits, opened ones the smaller per-session ones) and the usage record, which covers every session.
import type { ContractModel } from '@banking-api/contract';
import { definedOnly } from '../api/defined.ts';
import { defaultSessionLimits, type SessionLimits } from '../api/limits.ts';
import { DEFAULT_SESSION } from '../api/names.ts';
import type { MockOptions } from '../api/options.ts';
import { journalRedactor } from './journal.ts';
import { Session } from './session.ts';
import { Sessions } from './sessions.ts';
import { UsageRecorder } from './usage.ts';

export interface Stores {
  sessions: Sessions;
  usage: UsageRecorder;
}

export function storesOf(options: MockOptions, model: ContractModel): Stores {
  // Webhooks given at the start deliver from the default session, which needs the sandbox's logs.
  const stateful = (options.stateful ?? false) || Object.keys(options.webhooks ?? {}).length > 0;
  const journal = definedOnly({
    maxEntries: options.journalSize,
    maxBytes: options.journalMaxBytes,
    maxBodyBytes: options.journalMaxBodyBytes,
  });
  const stores = { journal, state: definedOnly(options.stateLimits ?? {}), stubs: {} };
  const faults = typeof options.faults === 'object' ? options.faults : undefined;
  const operationIds = model.operations.map((op) => op.operationId);
  const contract = { model, operationIds, redactor: journalRedactor(model) };
  const maxWebhooks = options.deliveries?.maxWebhooks;
  const webhooks = options.webhooks;
  const defaultSession = new Session(DEFAULT_SESSION, contract, stores, {
    stateful,
    faults,
    webhooks,
    maxWebhooks,
  });
  const limits: SessionLimits = { ...defaultSessionLimits, ...definedOnly(options.sessionLimits ?? {}) };
  return {
    sessions: new Sessions(contract, defaultSession, limits, options.stateful ?? false, maxWebhooks),
    usage: new UsageRecorder(model),
  };
}
