// `npm run verify -- --target https://host:port …` in this repository: the @banking-api/verify package's
// command, with `--spec FILE` read by the repository's contract loader (model/), which is not shipped.
import '../../scripts/env.ts';
import path from 'node:path';
import { verifyCommand } from '@banking-api/verify';

/** Loaded only for --spec: the loader pulls in Redocly, which a plain run does not need. */
const loadSpec = async (file: string) => {
  const { loadContract } = await import('../../model/load.ts');
  return (await loadContract(path.resolve(file))).model;
};

verifyCommand(process.argv.slice(2), console, { loadSpec }).then(
  ({ code }) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`✖ verify: ${error.stack ?? error.message}`);
    process.exitCode = 2;
  },
);
