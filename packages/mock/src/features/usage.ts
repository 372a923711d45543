// The usage record on the request path: every served request of an operation, whatever its session.
import type { UsageRecorder } from '../session/usage.ts';
import type { Feature } from './feature.ts';

export const usageFeature = (recorder: UsageRecorder): Feature => ({
  served: (served) => recorder.record(served),
});
