// Spec review for pull requests: what changed for clients since a base ref, and whether it breaks them.
// Exit 1 when a breaking change is not acknowledged (major bump or info.x-breaking-changes-acknowledged).
// This entry stays small: the command line (scripts/review/cli.ts) is loaded through review/modules.ts.
import './env.ts';
import { pathToFileURL } from 'node:url';
import { load } from './review/modules.ts';

type Cli = typeof import('./review/cli.ts');

/** Runs one review; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  return (await load<Cli>(new URL('./review/cli.ts', import.meta.url))).main(argv);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`✖ review: ${error.message}`);
      process.exit(2);
    },
  );
}
