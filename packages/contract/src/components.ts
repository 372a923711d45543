// Which components an operation reaches, and which operations reach a component: over the model's graph
// (each operation's own `components`, each component's `componentReferences`), answered here once per
// question rather than listed per operation (a contract whose components refer to each other, as Stripe's
// do, would list most of them for every operation). What the review attributes a changed component to.
import type { ContractModel, Operation } from './model.js';

/** Components reached from `starts` over `graph`, each once (a cycle ends). */
function reach(starts: readonly string[], graph: Readonly<Record<string, readonly string[]>>): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    todo.push(...(graph[next] ?? []));
  }
  return seen;
}

/** The components `op` reaches, directly or through other components, sorted. */
export function reachedComponents(model: ContractModel, op: Operation): string[] {
  return [...reach(op.components, model.componentReferences ?? {})].sort();
}

const reverse = new WeakMap<ContractModel, Record<string, string[]>>();

/** Who names each component: the graph read backwards, made once per model. */
function namedBy(model: ContractModel): Record<string, string[]> {
  let graph = reverse.get(model);
  if (!graph) {
    graph = {};
    for (const [from, targets] of Object.entries(model.componentReferences ?? {}))
      for (const to of targets) {
        const users = graph[to] ?? [];
        users.push(from);
        graph[to] = users;
      }
    reverse.set(model, graph);
  }
  return graph;
}

/** The operations that reach `component` (`#/components/schemas/Amount`), directly or through others. */
export function operationsReaching(model: ContractModel, component: string): Operation[] {
  const reaching = reach([component], namedBy(model));
  return model.operations.filter((op) => op.components.some((c) => reaching.has(c)));
}
