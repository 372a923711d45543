// npm run docs:serve [-- --port 4000] [--mock https://127.0.0.1:8443] [--pki-dir .dev-pki] [--no-try-it]:
// the reference site on 127.0.0.1, rebuilt when the spec, a guide, CHANGELOG.md or redocly.yaml changes
// (reload the page to see a rebuild), with a try-it panel on each operation that sends the request to a
// running mock (`npm run mock`) through this server (tools/docs-serve/try-it.ts).
import '../../scripts/env.ts';
import { watch } from 'node:fs';
import path from 'node:path';
import type { ContractModel } from '@banking-api/contract';
import { loadContract } from '../../model/load.ts';
import { docs, docsDir, siteDir } from '../../pipeline/docs/index.ts';
import { commandLine } from '../../scripts/command-line.ts';
import { root, specPath } from '../../scripts/paths.ts';
import { type SiteExtension, serveSite } from './static-server.ts';
import { createTryIt } from './try-it.ts';

const usage = `Usage: npm run docs:serve [-- --port <n>] [--mock <https origin>] [--pki-dir <dir>] [--no-try-it]
  Serves the reference site, rebuilt when the contract or a guide changes, with try-it through the mock.
  --port      port of the site (default 4000; 0 picks a free one)
  --mock      the running mock's origin (default https://127.0.0.1:$MOCK_PORT or :8443)
  --pki-dir   the mock's certificates (default $MOCK_PKI_DIR or .dev-pki)
  --no-try-it serve the site without the try-it panel`;
const { values } = commandLine(usage, {
  options: {
    port: { type: 'string', default: '4000' },
    mock: { type: 'string', default: `https://127.0.0.1:${process.env.MOCK_PORT ?? '8443'}` },
    'pki-dir': { type: 'string', default: process.env.MOCK_PKI_DIR ?? path.join(root, '.dev-pki') },
    'no-try-it': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}
if (!/^https:\/\/[^/]+\/?$/.test(values.mock)) {
  console.error(`--mock must be the mock's https origin (https://127.0.0.1:8443), got ${values.mock}`);
  process.exit(2);
}

/** The contract of the last good build: what the try-it proxy lets through. */
let model: ContractModel | undefined;

async function rebuild(reason: string): Promise<void> {
  const started = performance.now();
  try {
    // Read afresh each time: the spec is what changed.
    const contract = await loadContract(specPath);
    await docs(contract);
    model = contract.model;
    console.log(`✔ docs rebuilt (${reason}) in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    // Keep serving the last good site; the message names what to fix.
    console.error(`✖ docs: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function tryIt(): SiteExtension | undefined {
  if (values['no-try-it']) return undefined;
  return createTryIt({
    mockUrl: values.mock,
    pkiDir: path.resolve(values['pki-dir']),
    model: () => {
      if (!model) throw new Error('the site has not built yet');
      return model;
    },
  });
}

await rebuild('start');
const { url } = await serveSite(siteDir, port, tryIt());
console.log(`Serving ${path.relative(root, siteDir)} at ${url} (Ctrl+C to stop)`);
if (!values['no-try-it']) console.log(`Try it: requests go to the mock at ${values.mock} (npm run mock)`);

// Editors save in bursts: wait for a quiet 150 ms, and never run two builds at once.
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
const changed = (what: string) => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    running = running.then(() => rebuild(`${what} changed`));
  }, 150);
};
// Watch the directory, not the files: editors often save by replacing the file.
watch(root, (_event, file) => {
  if (file === path.basename(specPath) || file === 'redocly.yaml' || file === 'CHANGELOG.md')
    changed(String(file));
});
watch(docsDir, { recursive: true }, (_event, file) => {
  if (file && /\.(md|svg|css|js)$/.test(String(file)) && !String(file).startsWith('maintainers'))
    changed(`docs/${file}`);
});
