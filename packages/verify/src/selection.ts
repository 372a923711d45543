// Which operations and checks a run covers: --include and --exclude name operations (operationId or
// `METHOD /path`) and checks (their ids); --rerun takes the failures of an earlier JSON report. A name
// that is neither is a usage error, so that a typo never silently verifies nothing.
import { allChecks } from '@banking-api/conformance';
import type { ContractModel, Operation } from '@banking-api/contract';
import { UsageError } from './options.js';

export interface Selection {
  operation(op: Operation): boolean;
  check(id: string): boolean;
  /** Whether --include (or a rerun) names this operation itself. */
  namesOperation(op: Operation): boolean;
  /** Whether any probe check was named: else every probe check runs, for the answers it draws. */
  readonly namesProbeChecks: boolean;
}

export interface SelectionInput {
  readonly include: readonly string[];
  readonly exclude: readonly string[];
  /** The (operation key, check id) pairs that failed in an earlier run. */
  readonly rerun?: readonly { readonly operation: string; readonly check: string }[];
}

export function selectionOf(model: ContractModel, input: SelectionInput): Selection {
  const checkIds = new Set(allChecks().map((c) => c.id));
  const opNames = new Map<string, Operation>();
  for (const op of model.operations) opNames.set(op.operationId, op).set(op.key, op);
  const split = (names: readonly string[], flag: string) => {
    const ops = new Set<string>();
    const checks = new Set<string>();
    for (const name of names) {
      const op = opNames.get(name);
      if (op) ops.add(op.key);
      else if (checkIds.has(name)) checks.add(name);
      else if (name !== 'contract')
        throw new UsageError(
          `${flag} ${name}: neither an operation (operationId or "METHOD /path") nor a check id.`,
        );
    }
    return { ops, checks };
  };
  const rerun = input.rerun ?? [];
  const included = split([...input.include, ...rerun.flatMap((f) => [f.operation, f.check])], '--include');
  const excluded = split(input.exclude, '--exclude');
  const kindOf = new Map(allChecks().map((c) => [c.id, c.kind]));
  const named = [...included.checks];
  return {
    operation: (op) => (included.ops.size === 0 || included.ops.has(op.key)) && !excluded.ops.has(op.key),
    namesOperation: (op) => included.ops.has(op.key),
    check: (id) => (included.checks.size === 0 || included.checks.has(id)) && !excluded.checks.has(id),
    // An answer check judges the answers of every probe check (an error-envelope failure may have come
    // from the account-header probe): naming one runs them all, so a rerun re-sends what drew it.
    namesProbeChecks:
      named.some((id) => kindOf.get(id) === 'probe') && !named.some((id) => kindOf.get(id) === 'answer'),
  };
}
