// The mock's features in the order they must run, made once per mock. Once a request is admitted: faults
// (latency, a 5xx, a drop, `Prefer: code=`), then the sandbox's idempotent replay. For a valid request:
// stubs, then the webhook operations of the sandbox (a stub wins; they deliver through `deliverer`). Once
// served: the usage record and the journal, then each outcome's step for afterwards (the sandbox keeps a
// first answer).
import type { MockOptions } from '../api/options.ts';
import type { Deliverer } from '../deliveries/deliverer.ts';
import type { Stores } from '../session/stores.ts';
import { faultFeature } from './faults.ts';
import { chainFeatures, type FeatureChain } from './feature.ts';
import { journalFeature } from './journal.ts';
import { replayFeature } from './sandbox.ts';
import { stubFeature } from './stubs.ts';
import { usageFeature } from './usage.ts';
import { webhookFeature } from './webhooks.ts';

export function featureChain({ usage }: Stores, options: MockOptions, deliverer?: Deliverer): FeatureChain {
  return chainFeatures(
    [
      usageFeature(usage),
      journalFeature(),
      faultFeature({ perRequest: options.faults !== undefined && options.faults !== false }),
      replayFeature(),
      stubFeature(),
      webhookFeature(deliverer, options.onDelivery),
    ],
    options.log,
  );
}
