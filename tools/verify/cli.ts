// `npm run verify -- --target https://host:port …`: checks a running server against the contract.
// Exit codes: 0 conforms, 1 deviates, 2 usage or connection error. See docs/verifying-a-server.md.
import '../../scripts/env.ts';
import { verifyCommand } from './command.ts';

verifyCommand(process.argv.slice(2)).then(
  ({ code }) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`✖ verify: ${error.stack ?? error.message}`);
    process.exitCode = 2;
  },
);
