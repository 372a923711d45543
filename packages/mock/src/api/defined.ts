/** The fields of `options` that are set: an `undefined` keeps whatever default it is spread over. */
export function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
