// A mistake in what verify was given (its command line, a file it names): the message says what to fix, and
// verify exits 2. Its own file, so that options.ts and the helpers it reads its values with (token-options.ts)
// both throw it without importing each other.
export class UsageError extends Error {
  override readonly name = 'UsageError';
  /** Print the usage after the message (a mistake in the command line, not in its values). */
  readonly showUsage: boolean;
  constructor(message: string, { showUsage = false }: { showUsage?: boolean } = {}) {
    super(message);
    this.showUsage = showUsage;
  }
}
