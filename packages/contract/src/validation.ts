// The entry `@banking-api/contract/validators`: the one ajv set-up (validators.ts) and the contract's verdict
// on a request (request-check.ts), which is built on it. The entry re-exports both, so neither file imports
// the other but in that one direction.

export { judgeRequest, type RequestParts, type RequestVerdict } from './request-check.js';
export * from './validators.js';
