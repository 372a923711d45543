// The usage document: what a consumer's test run used of the contract (operations, parameters, field
// names; counts, never values), for the spec review (session/usage.ts records it).

/** Format version of the usage document. */
export const USAGE_VERSION = 1;

export interface OperationUsage {
  calls: number;
  /** Parameter name → requests it was present in (path, query, header parameters of the contract). */
  parameters: Record<string, number>;
  /** Request body field path (`payer.name`, `items[].id`; `payer.*` for keys not declared) → requests that sent it. */
  requestFields: Record<string, number>;
  /** Response body field path → responses (2xx) that returned it. */
  responseFields: Record<string, number>;
}

export interface UsageDocument {
  usageVersion: typeof USAGE_VERSION;
  /** The contract the mock served. */
  contract: { title: string; version: string };
  /** Operations by key (`POST /hb/transfers/ted`), only those called. */
  operations: Record<string, OperationUsage>;
}
