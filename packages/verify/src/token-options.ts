// Tokens given on the command line show in /proc/<pid>/cmdline, `ps` and shell history: each token option
// has a `-file` form that names a file holding the token instead (CI writes its secrets into such files).
import { readFileSync } from 'node:fs';
import { UsageError } from './usage-error.js';

export const TOKEN_OPTIONS = [
  'token',
  'unscoped-token',
  'expired-token',
  'other-env-token',
  'parity-token',
] as const;
export type TokenOption = (typeof TOKEN_OPTIONS)[number];

/** `--NAME` and `--NAME-file` for every token option, for parseArgs. */
export const tokenArgs = Object.fromEntries(
  TOKEN_OPTIONS.flatMap((name) => [
    [name, { type: 'string' }],
    [`${name}-file`, { type: 'string' }],
  ]),
) as Record<TokenOption | `${TokenOption}-file`, { type: 'string' }>;

/** The token of `--NAME` or of the file `--NAME-file` names (its content, trimmed); never both. */
export function tokenOf(values: Readonly<Record<string, unknown>>, name: TokenOption): string | undefined {
  const inline = values[name];
  const file = values[`${name}-file`];
  if (typeof file !== 'string') return typeof inline === 'string' ? inline : undefined;
  if (typeof inline === 'string') throw new UsageError(`Give --${name} or --${name}-file, not both.`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--${name}-file ${file} cannot be read: ${(error as Error).message}`);
  }
  const token = text.trim();
  if (!token) throw new UsageError(`--${name}-file ${file} is empty.`);
  return token;
}
