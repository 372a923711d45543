// Spectral in a worker thread (pipeline/lint/index.ts starts it): loading its ruleset and running its rules is a
// second core's work while the build's main thread lints with Redocly, renders the types and compiles the
// packages. Plain JavaScript: Node runs a worker's file itself, under any loader or none.
// Spectral follows every `$ref` of a spec, URLs included, with its own resolver: here it gets one that reads
// only files inside the contract's folder (symbolic links followed), no larger than the loader allows, and
// has no reader for any URL scheme (`No resolver defined for scheme 'http'`), so nothing is fetched.
import * as fs from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';

/** The largest file the loader reads (model/parse-limits.ts). */
const FILE_BYTES = 32 * 1024 * 1024;

// Loading a ruleset costs more than linting: once per worker and ruleset. commonjs(): the OWASP ruleset's
// package entry is CommonJS (as in Spectral's own CLI).
const rulesets = new Map();
function rulesetAt(file) {
  if (!rulesets.has(file))
    rulesets.set(file, bundleAndLoadRuleset(file, { fs, fetch: globalThis.fetch }, [commonjs()]));
  return rulesets.get(file);
}

/** A reader of `$ref`s to files inside `folder` (its real path); anything else is refused, unread. */
function confinedResolver(folder) {
  const readInside = async (uri) => {
    const file = await realpath(decodeURIComponent(uri.path())).catch(() => path.resolve(uri.path()));
    const inside = path.relative(folder, file);
    if (inside.startsWith('..') || path.isAbsolute(inside))
      throw new Error(`${uri.toString()} is outside the contract's folder (${folder}): not read`);
    if ((await stat(file)).size > FILE_BYTES)
      throw new Error(`${uri.toString()} is larger than ${FILE_BYTES} bytes`);
    return readFile(file, 'utf8');
  };
  return new Resolver({ resolvers: { file: { resolve: readInside } } });
}

/** Lints one file with one ruleset; answers with the diagnostics as plain data, or the error's message. */
async function lint(file, ruleset, folder) {
  const spectral = new Spectral({ resolver: confinedResolver(folder) });
  spectral.setRuleset(await rulesetAt(ruleset));
  const document = new Document(await readFile(file, 'utf8'), Parsers.Yaml, file);
  const results = await spectral.run(document);
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

parentPort?.on('message', ({ id, file, ruleset, folder }) => {
  lint(file, ruleset, folder).then(
    (diagnostics) => parentPort?.postMessage({ id, diagnostics }),
    (error) => parentPort?.postMessage({ id, error: describe(error) }),
  );
});
