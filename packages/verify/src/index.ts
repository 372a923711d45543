// @banking-api/verify as a library: the command as a function (options in, exit code and report out),
// the run over a model, and the three reporters.
export { type CommandHooks, type Console, type Outcome, verifyCommand } from './command.js';
export type { OperationCoverage } from './coverage-report.js';
export { curlCommand, shellQuote } from './curl.js';
export { type Fixtures, readFixtures } from './fixtures.js';
export { jsonWithEscapes, oneLine } from './one-line.js';
export { type CliOptions, parseOptions, UsageError, usage } from './options.js';
export {
  compareWithMock,
  differencesOf,
  fieldsOf,
  type ParityAspect,
  type ParityDifference,
  type ParityReport,
} from './parity.js';
export { isLoopback, productionMatches, resolvedUrl } from './production.js';
export { githubAnnotations, jsonReport, junitReport, terminalReport } from './reporters.js';
export { type CheckResult, type Report, type RunSettings, runVerify } from './runner.js';
export { type Selection, selectionOf } from './selection.js';
export { type Summary, summarize, type Tally } from './summary.js';
export { checkTlsFiles, labelsOf } from './tls-files.js';
export type { Actual, Failure, Note, VerifyOptions } from './types.js';
