// Loaded into Prism's process: preloaded into a Prism child (node -r), or required by the mock's in-process
// Prism (prism-engine.ts). Prism's data generator (json-schema-faker 0.5) writes every generated
// date-time with its milliseconds cut to zero and the zeros stripped ("2026-05-30T11:10:53.0Z"), which
// breaks the contract's timestamps (ISO 8601 UTC with three-digit milliseconds) in --dynamic answers.
// Pad them back to three digits in whatever it generates.
const { dirname } = require('node:path');

// The prism-http that Prism runs: the Prism CLI's (argv[1]) in a child, else the mock's own.
const cli = process.argv[1] ?? '';
const from = /prism-cli/.test(cli) ? cli : __dirname;
const prismHttp = dirname(require.resolve('@stoplight/prism-http/package.json', { paths: [from] }));
const { JSONSchemaFaker } = require(require.resolve('json-schema-faker', { paths: [prismHttp] }));

const shortMillis = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,2}))?Z$/;

function pad(value) {
  if (typeof value === 'string') {
    const match = shortMillis.exec(value);
    return match ? `${match[1]}.${(match[2] ?? '').padEnd(3, '0')}Z` : value;
  }
  if (Array.isArray(value)) return value.map(pad);
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) value[key] = pad(value[key]);
  }
  return value;
}

const generate = JSONSchemaFaker.generate;
if (!generate.padded) {
  JSONSchemaFaker.generate = function generatePadded(...args) {
    return pad(generate.apply(this, args));
  };
  JSONSchemaFaker.generate.padded = true; // loaded twice (tests, bundlers): wrap once
}
