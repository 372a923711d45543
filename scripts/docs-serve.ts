// npm run docs:serve [-- --port 4000]: the reference site on 127.0.0.1, rebuilt when the spec, a guide,
// CHANGELOG.md or redocly.yaml changes. Reload the page to see a rebuild.
import './env.ts';
import { watch } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadContract } from '../model/load.ts';
import { serveSite } from './docs/static-server.ts';
import { docs, docsDir, siteDir } from './docs.ts';
import { root, specPath } from './paths.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4000' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}

async function rebuild(reason: string): Promise<void> {
  const started = performance.now();
  try {
    // Read afresh each time: the spec is what changed.
    await docs(await loadContract(specPath), { render: 'in-process' });
    console.log(`✔ docs rebuilt (${reason}) in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    // Keep serving the last good site; the message names what to fix.
    console.error(`✖ docs: ${error instanceof Error ? error.message : String(error)}`);
  }
}

await rebuild('start');
const { url } = await serveSite(siteDir, port);
console.log(`Serving ${path.relative(root, siteDir)} at ${url} (Ctrl+C to stop)`);

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
  if (file && /\.(md|svg|hbs)$/.test(String(file))) changed(`docs/${file}`);
});
