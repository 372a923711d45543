// The repo's commands read their options with node:util parseArgs through here, so that each one answers
// `--help` with its usage and a mistyped option with the reason and the usage (exit 2), not a stack trace.
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** `--option <value>` as a whole number; a typo (`abc`, `1e3`, `-1`) prints the usage and exits 2. */
export function wholeNumber(value: string, option: string, usage: string): number {
  if (/^\d+$/.test(value)) return Number(value);
  console.error(`✖ --${option} must be a whole number, not "${value}"\n\n${usage}`);
  process.exit(2);
}

/** `parseArgs(config)` of the process's arguments; exits 0 after `--help`, 2 on an option it does not know. */
export function commandLine<const T extends ParseArgsConfig>(usage: string, config: T) {
  const args = config.args ?? process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs<T>({ ...config, args });
  } catch (error) {
    if (!String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw error;
    console.error(`✖ ${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}
