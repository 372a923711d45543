// The usage document: what a consumer's test run used of the contract (operations, parameters, field
// names; counts, never values), for the spec review (session/usage.ts records what the mock was sent). Its
// format is the contract package's, shared with the client's recorder (`recordUsage`).
export { type OperationUsage, USAGE_VERSION, type UsageDocument } from '@banking-api/contract';
