// The mock started on a real contract of test/fixtures/contracts (real Prism, real mutual TLS), as a team
// points it at theirs: the contract read by the loader, its bundle given to startMock with its model.
// Prism runs without `--errors`: these contracts' own examples break their schemas in places (the Pix API's
// `loc.criacao`), which is theirs to fix, not a fault of the mock's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Operation } from '@banking-api/contract';
import { loadContract } from '../../../model/load.ts';
import { realContract, writeRealContract } from '../../../scripts/real-contracts.ts';
import { type RawAnswer, raw, rawAgent } from '../../support/clients.ts';
import { startTestMock, type TestMock } from '../../support/mock-server.ts';

export interface RealMock {
  mock: TestMock;
  operation(key: string): Operation;
  /** A raw request over mutual TLS (sandbox certificate); `token` adds `Authorization: Bearer`. */
  call(
    method: string,
    path: string,
    init?: { headers?: Record<string, string>; body?: string; token?: string },
  ): Promise<RawAnswer>;
  stop(): Promise<void>;
}

/** `edit` changes the bundle file before the mock reads it (a test's variant of the contract). */
export async function startRealMock(
  name: string,
  options: { edit?: (bundleFile: string) => Promise<void> } = {},
): Promise<RealMock> {
  const work = await mkdtemp(join(tmpdir(), `real-mock-${name}-`));
  let { bundle, model } = await loadContract(await writeRealContract(realContract(name), work));
  const specPath = join(work, 'bundle.json');
  await writeFile(specPath, JSON.stringify(bundle));
  if (options.edit) {
    await options.edit(specPath);
    ({ bundle, model } = await loadContract(specPath));
  }
  const mock = await startTestMock({ specPath, model, errors: false });
  const agent = rawAgent(mock);
  return {
    mock,
    operation(key) {
      const found = model.operations.find((op) => op.key === key);
      if (!found) throw new Error(`${name} has no operation ${key}`);
      return found;
    },
    call: (method, path, init = {}) => {
      const auth: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
      return raw(agent, `${mock.url}${path}`, {
        method,
        headers: { ...auth, ...init.headers },
        ...(init.body === undefined ? {} : { body: init.body }),
      });
    },
    async stop() {
      await agent.close();
      await mock.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
