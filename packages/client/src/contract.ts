// What the client needs to know of each operation, read from the contract's model
// (@banking-api/contract) when a client is created, so it follows the spec the package ships with.
import { type ContractModel, contractModel, type Operation } from '@banking-api/contract';

/** The per-operation facts the transport acts on. */
export interface OperationPolicy {
  /** For errors and hooks. */
  readonly operationId: string;
  /** The `x-account-id` header is required: the client's default `accountId` fills it in. */
  readonly accountScoped: boolean;
  /** Idempotent by URL (`x-idempotency`): repeating the call is safe, so it may be retried. */
  readonly idempotent: boolean;
}

/** The policy of `METHOD /path/{template}`. */
export type OperationLookup = (method: string, path: string) => OperationPolicy;

const policyOf = (op: Operation): OperationPolicy => ({
  operationId: op.operationId,
  accountScoped: op.accountHeader,
  idempotent: op.idempotency !== undefined,
});

/** A path the contract does not have (the types prevent it): never retried, no account header. */
const unknownOperation = (method: string, path: string): OperationPolicy => ({
  operationId: `${method} ${path}`,
  accountScoped: false,
  idempotent: false,
});

/** Indexes the model's operations by method, then path, once; a lookup is then two map reads. */
export function operationLookup(model: ContractModel = contractModel()): OperationLookup {
  const byMethod = new Map<string, Map<string, OperationPolicy>>();
  for (const op of model.operations) {
    const paths = byMethod.get(op.method) ?? new Map<string, OperationPolicy>();
    paths.set(op.path, policyOf(op));
    byMethod.set(op.method, paths);
  }
  return (method, path) => byMethod.get(method)?.get(path) ?? unknownOperation(method, path);
}
