#!/usr/bin/env node
// `banking-api-model <openapi.yaml> --out <dir>` (`npx @banking-api/model`): makes, from a team's own
// contract, the files the mock and verify take (model/make.ts), with only our packages installed. Exit codes:
// 0 written, 1 the contract was refused (a `$ref` out of its folder or to a URL, a limit, a broken document),
// 2 a usage error. The contract's text may reach the terminal in an error: its control characters are shown
// as `?`, so a spec cannot drive the terminal.
import { parseArgs } from 'node:util';
import { writeModel } from './make.ts';

const usage = `Usage: banking-api-model <openapi.yaml> --out <dir>

  Reads an OpenAPI 3.0 or 3.1 contract (YAML or JSON, one file or split by $ref inside its folder) and
  writes into <dir>:
    openapi.json         the bundled document: the mock's --spec
    model.json           the contract model (with model-details.jsonl beside it): the mock's --model,
                         verify's --spec
  A $ref may name only files inside the contract's folder: never a URL (nothing is fetched), an absolute
  path or a file outside it.

  --out <dir>   where to write the files (made if missing)
  -h, --help    this text`;

// Every control character but the line feed (C0, DEL, C1), the line and paragraph separators, and the
// bidirectional overrides and isolates.
const CONTROLS = /(?!\n)[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const shown = (text: string) => text.replace(CONTROLS, '?');

function fail(code: 1 | 2, message: string): never {
  console.error(`banking-api-model: ${shown(message)}${code === 2 ? `\n\n${usage}` : ''}`);
  process.exit(code);
}

function parsed() {
  try {
    return parseArgs({
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
    });
  } catch (error) {
    return fail(2, (error as Error).message);
  }
}

const { values, positionals } = parsed();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [contract, ...extra] = positionals;
if (!contract || extra.length) fail(2, 'give one contract file');
if (!values.out) fail(2, '--out is required');
const started = performance.now();
try {
  const made = await writeModel(contract, values.out);
  const ms = Math.round(performance.now() - started);
  console.log(
    shown(
      `${made.model.title} ${made.model.version}: ${made.model.operations.length} operations → ${made.files.dir} (openapi.json, model.json, model-details.jsonl) in ${ms} ms`,
    ),
  );
} catch (error) {
  fail(1, (error as Error).message);
}
