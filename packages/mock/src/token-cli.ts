// `npm run mock:token -- --env sandbox --scope webhook.read`: prints a signed dev token for the mock.
import { parseArgs } from 'node:util';
import { defaultPkiDir } from './defaults.ts';
import { type Environment, ensureDevPki, environments } from './dev-pki.ts';
import { signToken } from './tokens.ts';

const usage = `Usage: npm run mock:token -- [--env sandbox|production] [--scope <scope>]... [--ttl <seconds>]

  --env      environment the token is for; must match the client certificate's (default sandbox)
  --scope    scope to grant, repeatable or space-separated (default: webhook.read webhook.write)
  --ttl      lifetime in seconds (default 86400)
  --pki-dir  dev PKI folder holding the signing key (env MOCK_PKI_DIR, default .dev-pki)
`;

try {
  const { values } = parseArgs({
    options: {
      env: { type: 'string', default: 'sandbox' },
      scope: { type: 'string', multiple: true },
      ttl: { type: 'string', default: '86400' },
      'pki-dir': { type: 'string', default: defaultPkiDir },
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
  const pki = await ensureDevPki(values['pki-dir']);
  console.log(await signToken(pki.jwt.privateKey, { env: values.env as Environment, scopes, ttlSeconds }));
} catch (error) {
  console.error(`mock:token: ${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
