// A map bounded in entries and bytes: the oldest make room. The sandbox's stores are made of it.

/** A map that forgets its oldest entries beyond a count and a byte budget. */
export class BoundedMap<V> {
  readonly #items = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;
  constructor(
    readonly maxEntries: number,
    readonly maxBytes: number,
    readonly onEvict: (key: string, value: V) => void = () => {},
  ) {}
  get(key: string): V | undefined {
    return this.#items.get(key)?.value;
  }
  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    this.#items.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const [oldest, item] of this.#items) {
      if (this.#items.size <= this.maxEntries && (this.#bytes <= this.maxBytes || this.#items.size === 1))
        break;
      this.delete(oldest);
      this.onEvict(oldest, item.value);
    }
  }
  delete(key: string): void {
    const item = this.#items.get(key);
    if (!item) return;
    this.#items.delete(key);
    this.#bytes -= item.bytes;
  }
  clear(): void {
    this.#items.clear();
    this.#bytes = 0;
  }
  usage(): { entries: number; bytes: number } {
    return { entries: this.#items.size, bytes: this.#bytes };
  }
}
