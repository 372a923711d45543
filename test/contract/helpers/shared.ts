// The one mock behind the gateway suites (test/contract/mock.test.ts): started on first use, so each
// suite's beforeAll can ask for it, and stopped once by the aggregating file.
import { startTestMock, type TestMock } from '../../support/mock-server.ts';
import { loadSpec, type Spec } from './spec.ts';

let shared: Promise<{ mock: TestMock; spec: Spec }> | undefined;

export function sharedMock(): Promise<{ mock: TestMock; spec: Spec }> {
  shared ??= startTestMock().then(async (mock) => ({ mock, spec: await loadSpec(mock.specPath) }));
  return shared;
}

export async function stopSharedMock(): Promise<void> {
  const started = await shared;
  shared = undefined;
  await started?.mock.stop();
}
