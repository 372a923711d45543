// Spectral in a worker thread (pipeline/lint/index.ts starts it): loading its ruleset and running its rules is a
// second core's work while the build's main thread lints with Redocly, renders the types and compiles the
// packages. Plain JavaScript: Node runs a worker's file itself, under any loader or none.
import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';

// Loading the ruleset costs more than linting: once per worker. commonjs(): the OWASP ruleset's package
// entry is CommonJS (as in Spectral's own CLI).
const spectral = (async () => {
  const instance = new Spectral();
  const io = { fs, fetch: globalThis.fetch };
  instance.setRuleset(await bundleAndLoadRuleset(workerData.ruleset, io, [commonjs()]));
  return instance;
})();

/** Lints one file; answers with the diagnostics as plain data, or the error's message. */
async function lint(file) {
  const document = new Document(await readFile(file, 'utf8'), Parsers.Yaml, file);
  const results = await (await spectral).run(document);
  return results.map(({ code, message, severity, source, range, path }) => ({
    code: String(code),
    message,
    severity,
    source,
    line: range.start.line,
    character: range.start.character,
    path: [...path],
  }));
}

/** The error's message, and those of the errors it gathers (a ruleset's AggregateError has none of its own). */
function describe(error) {
  const inner = Array.isArray(error?.errors)
    ? error.errors.map((e) => `\n  ${e?.message ?? e}`).join('')
    : '';
  return `${error instanceof Error ? error.message : String(error)}${inner}`;
}

parentPort?.on('message', ({ id, file }) => {
  lint(file).then(
    (diagnostics) => parentPort?.postMessage({ id, diagnostics }),
    (error) => parentPort?.postMessage({ id, error: describe(error) }),
  );
});
