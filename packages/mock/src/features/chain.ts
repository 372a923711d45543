// The mock's features in the order they must run, made once per mock. Once a request is admitted: faults
// (latency, a 5xx, a drop, `Prefer: code=`), then the sandbox's idempotent replay. For a valid request:
// stubs, then the sandbox's webhook logs (a stub wins). Once served: the usage record and the journal, then
// each outcome's step for afterwards (the sandbox keeps a first answer).
import type { MockOptions } from '../api/options.ts';
import type { Stores } from '../session/stores.ts';
import { faultFeature } from './faults.ts';
import { chainFeatures, type FeatureChain } from './feature.ts';
import { journalFeature } from './journal.ts';
import { sandboxFeatures } from './sandbox.ts';
import { stubFeature } from './stubs.ts';
import { usageFeature } from './usage.ts';

export function featureChain({ usage }: Stores, options: MockOptions): FeatureChain {
  const sandbox = sandboxFeatures();
  return chainFeatures(
    [
      usageFeature(usage),
      journalFeature(),
      faultFeature({ perRequest: options.faults !== undefined && options.faults !== false }),
      sandbox.replay,
      stubFeature(),
      sandbox.webhookLogs,
    ],
    options.log,
  );
}
