// Objects tests write by hand (stubs, faults, session options) are read strictly: a key the mock does not
// know is refused, naming the keys it does and the one most like the typo. A misspelt `times` read as
// absent would make a one-shot stub answer for ever.

/** The keys of `value` that are not in `known`, each with a message; none for a value that is no object. */
export function unknownKeys(value: unknown, known: readonly string[]): { key: string; message: string }[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const near = nearest(key, known);
      return { key, message: `is not one of ${known.join(', ')}${near ? ` (did you mean ${near}?)` : ''}` };
    });
}

/** What to say of an operationId the contract does not have, with the one most like it. */
export function unknownOperation(operationId: string, operationIds: Iterable<string>): string {
  const near = nearest(operationId, [...operationIds]);
  return `the contract has no operation ${String(operationId).slice(0, 64)}${near ? ` (did you mean ${near}?)` : ''}`;
}

/** The known name at most two edits away from `key` (names are short: the cost is bounded). */
export function nearest(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64) return undefined;
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(key.toLowerCase(), name.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}
