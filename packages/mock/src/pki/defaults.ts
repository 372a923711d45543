// Defaults shared by the two CLIs and `startMock`. The spec and the model come from
// @banking-api/contract. The dev PKI lives in ONE per-user folder, so the server and the token command
// find the same keys wherever each is started from (a folder under the current directory would give
// every working directory, and every node_modules, a PKI of its own).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** `MOCK_PKI_DIR`, else `$XDG_STATE_HOME/banking-api-mock`, else `~/.local/state/banking-api-mock`. */
export function defaultPkiDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MOCK_PKI_DIR) return resolve(env.MOCK_PKI_DIR);
  const state = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(state, 'banking-api-mock');
}
