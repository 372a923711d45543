// The journal on the request path: every served request goes into its session's journal (the admin route's
// own requests never reach the features).
import type { Feature } from './feature.ts';

export const journalFeature = (): Feature => ({
  served: (served, session) => session?.journal.add(served),
});
