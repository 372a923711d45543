// The review suites share one worker: each review loads Spectral, Redocly, openapi-typescript and the
// TypeScript compiler, and a test file per suite would load them once per file.
import './classification.ts';
import './gate.ts';
import './cli.ts';
import './findings.ts';
