#!/usr/bin/env node
// `banking-api-mock-token --env sandbox --scope webhook.read` (`npm run mock:token` in this repo): prints a
// signed dev token for the mock. It reads the key from the same per-user PKI folder as the server by
// default, so a token made anywhere works against a mock started anywhere by the same user.
import { parseArgs } from 'node:util';
import { unknownScopeNotes } from './bin/token-scopes.ts';
import { defaultPkiDir } from './pki/defaults.ts';
import { type Environment, ensureDevPki, environments } from './pki/dev-pki.ts';
import { signToken } from './pki/tokens.ts';

const usage = `Usage: banking-api-mock-token [--env sandbox|production] [--scope <scope>]... [--ttl <seconds>]

  --env      environment the token is for; must match the client certificate's (default sandbox)
  --scope    scope to grant, repeatable or space-separated (default: webhook.read webhook.write);
             mock.admin makes the admin credential of the /__mock/ route
  --ttl      lifetime in seconds (default 86400)
  --pki-dir  dev PKI folder holding the signing key (env MOCK_PKI_DIR,
             default $XDG_STATE_HOME/banking-api-mock or ~/.local/state/banking-api-mock)
`;

try {
  const { values } = parseArgs({
    options: {
      env: { type: 'string', default: 'sandbox' },
      scope: { type: 'string', multiple: true },
      ttl: { type: 'string', default: '86400' },
      'pki-dir': { type: 'string', default: defaultPkiDir() },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!environments.includes(values.env as Environment)) {
    throw new Error(`--env must be sandbox or production, got "${values.env}"`);
  }
  const ttlSeconds = Number(values.ttl);
  if (!Number.isInteger(ttlSeconds)) throw new Error(`--ttl must be whole seconds, got "${values.ttl}"`);
  const scopes = (values.scope ?? ['webhook.read webhook.write'])
    .flatMap((s) => s.split(/\s+/))
    .filter(Boolean);
  for (const note of unknownScopeNotes(scopes)) console.error(`banking-api-mock-token: note: ${note}`);
  const pki = await ensureDevPki(values['pki-dir']);
  console.log(await signToken(pki.jwt.privateKey, { env: values.env as Environment, scopes, ttlSeconds }));
} catch (error) {
  console.error(`banking-api-mock-token: ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
