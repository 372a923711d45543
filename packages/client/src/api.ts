// The generated types of the contract (openapi-typescript), shipped by @banking-api/contract.
export type * from '@banking-api/contract/api';
