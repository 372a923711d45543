// Spec review for pull requests: what changed for clients since a base ref, and whether it breaks them.
// Exit 1 when a breaking change is not acknowledged (major bump or info.x-breaking-changes-acknowledged).
import '../../scripts/env.ts';
import { pathToFileURL } from 'node:url';
import { main } from './command.ts';
import { terminalText } from './formats/escape.ts';

export { main };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`✖ review: ${terminalText(error.message)}`);
      process.exit(2);
    },
  );
}
