// What the CLI prints once the mock is ready: one line on stdout that scripts wait for, and on stderr what a
// person needs next (the files a client needs, a token, a request that works), with addresses and paths
// that work where the reader is: a mock listening on every interface is reached as localhost or by the
// names its certificate has, and inside a container the certificates are the folder mounted at /certs.
import { join } from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { defaultPkiDir } from '../pki/defaults.ts';
import { canonicalName, type DevPki, environments, pkiFiles } from '../pki/dev-pki.ts';
import { tryRequest } from './try-request.ts';

/** What the banner says of a running mock: where it is, and its PKI. */
export interface Started {
  url: string;
  pki: DevPki;
  /** The contract it serves: the request to try is one of its operations. */
  model?: ContractModel;
}

export interface BannerFacts {
  mode: string;
  features: string[];
  host: string;
  /** Set in the image: paths inside the container mean nothing to a reader on the host. */
  inContainer: boolean;
  /** In the image: whether a folder is mounted on the PKI folder (else its certificates stay inside). */
  mounted?: boolean | undefined;
  /** The webhooks given with --webhook, as `id → URL`: where deliveries go. */
  webhooks?: readonly string[] | undefined;
}

const everyInterface = new Set(['0.0.0.0', '::', '[::]']);

/** The URL to print: a wildcard address is not one a client can connect to. */
export function reachableUrl(url: string, host: string): string {
  if (!everyInterface.has(host)) return url;
  const { port } = new URL(url);
  return `https://localhost:${port}`;
}

export function banner(mock: Started, facts: BannerFacts): { ready: string; guide: string } {
  const url = reachableUrl(mock.url, facts.host);
  const dir = facts.inContainer ? '$CERTS' : mock.pki.dir;
  const where = !facts.inContainer
    ? mock.pki.dir
    : facts.mounted
      ? `the folder mounted at ${mock.pki.dir}`
      : `${mock.pki.dir}, inside the container: no folder is mounted there (-v <folder>:${mock.pki.dir} shares them)`;
  const features = facts.features.length ? ` (${facts.features.join(', ')})` : '';
  const ready = `Banking API ${facts.mode} ready at ${url} — certificates in ${where}${features}`;
  return {
    ready,
    guide: [
      ...reach(mock, url, facts),
      ...files(dir, facts),
      ...webhooks(facts),
      ...tryIt(mock, url, dir, facts),
    ].join('\n'),
  };
}

function reach(mock: Started, url: string, { host, inContainer }: BannerFacts): string[] {
  if (!everyInterface.has(host)) return [];
  const { port } = new URL(url);
  const names = mock.pki.serverNames.filter(
    (n) => !['localhost', '127.0.0.1', '::1'].includes(canonicalName(n)),
  );
  const others = names.map((n) => `https://${n.includes(':') ? `[${n}]` : n}:${port}`);
  const published = inContainer ? ' (from the host, through the port you published)' : '';
  return [
    `Listening on every interface: reach it as ${url}${published}${others.length ? `, or as ${others.join(', ')}` : ''}.`,
    'Its certificate names only these; --server-names adds more.',
  ];
}

function files(dir: string, { inContainer }: BannerFacts): string[] {
  return [
    ...(inContainer
      ? ['# CERTS: the folder on your host that you mounted at /certs, e.g. CERTS=$PWD/certs']
      : []),
    `A client needs, from ${dir}:`,
    `  CA of the server certificate   ${pkiFiles.serverCa}`,
    ...environments.map(
      (env) =>
        `  ${env.padEnd(30)} ${pkiFiles.clientCert(env)} + ${pkiFiles.clientKey(env)} (or ${pkiFiles.clientP12(env)}, passphrase "mock")`,
    ),
    `A webhook receiver trusts ${pkiFiles.webhookCa}: the CA of the client certificate the mock delivers with.`,
  ];
}

/** Where --webhook sends deliveries (each attempt is then told on stderr, as `stripe listen` does). */
function webhooks({ webhooks = [] }: BannerFacts): string[] {
  if (webhooks.length === 0) return [];
  return ['Delivering webhooks (stateful; each attempt is told below):', ...webhooks.map((w) => `  ${w}`)];
}

function tryIt(mock: Started, url: string, dir: string, { inContainer }: BannerFacts): string[] {
  // The token command finds the folder by itself only when it is the per-user default.
  const perUser = defaultPkiDir({ ...process.env, MOCK_PKI_DIR: '' });
  const pkiArg = inContainer || mock.pki.dir !== perUser ? ` --pki-dir ${dir}` : '';
  const file = (name: string) => join(dir, name);
  const request = mock.model ? tryRequest(mock.model) : undefined;
  const scopes = request?.scopes.length ? ` --scope "${request.scopes.join(' ')}"` : '';
  return [
    "A token (the environment must match the certificate's):",
    `  TOKEN=$(npx -p @banking-api/mock banking-api-mock-token --env sandbox${scopes}${pkiArg})`,
    ...(inContainer
      ? ['  or: TOKEN=$(podman exec <container> banking-api-mock-token --env sandbox)   (docker exec alike)']
      : []),
    ...(request
      ? [
          'Try it:',
          `  curl --cacert ${file(pkiFiles.serverCa)} --cert ${file(pkiFiles.clientCert('sandbox'))} --key ${file(pkiFiles.clientKey('sandbox'))} \\`,
          ...request.headers.map(([name, value]) => `    -H '${name}: ${value}' \\`),
          `    ${request.needsToken ? '-H "Authorization: Bearer $TOKEN" ' : ''}"${url}${request.path}"`,
        ]
      : [
          `Try it: its operations are at ${url} (no GET of this contract can be shown as one curl: each needs a value it gives no example of).`,
        ]),
    `Admin route (sessions, stubs, journal, faults, reset): ${url}/__mock/ with a token of scope mock.admin.`,
    'Ctrl-C stops it.',
  ];
}
