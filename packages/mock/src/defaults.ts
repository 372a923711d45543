// Defaults shared by the two CLIs. The spec and the model come from @banking-api/contract; the dev PKI
// folder is `.dev-pki` in the directory the mock is started from (`npm run mock` starts it at the
// repository root, where git ignores that folder).
import { resolve } from 'node:path';

/** `MOCK_PKI_DIR`, else `.dev-pki` under the current directory. */
export const defaultPkiDir = process.env.MOCK_PKI_DIR ?? resolve('.dev-pki');
