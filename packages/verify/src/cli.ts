#!/usr/bin/env node
// `banking-api-verify` (`npx @banking-api/verify --target https://host:port …`): checks a running server
// against the contract. Exit codes: 0 conforms, 1 deviates, 2 could not verify (usage or connection).
import { verifyCommand } from './command.js';

verifyCommand(process.argv.slice(2)).then(
  ({ code }) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`✖ verify: ${error.stack ?? error.message}`);
    process.exitCode = 2;
  },
);
