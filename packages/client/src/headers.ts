// Response headers as undici hands them over. Through its v2 handler bridge (what a dispatcher passed in
// gets) they arrive parsed into a record; through the v1 handler shape (the client's own undici 7 pool,
// driven as undici.request drives it) they arrive as raw name/value pairs of bytes, parsed only when read.
// Per answer the client itself reads content-length alone (transfer-encoding and retry-after only when it
// has to); parsing every header of every answer into a record cost 0.5 µs in isolation and about 5% of
// bench/client.ts.
import { util } from 'undici';

export type HeaderRecord = Record<string, string | string[] | undefined>;

/** Parsed, or undici's raw pairs `[name, value, name, value, ...]` (Buffers over the received bytes). */
export type HeaderSource = HeaderRecord | readonly Buffer[];

const isRaw = (source: HeaderSource): source is readonly Buffer[] => Array.isArray(source);

/** The headers as a record: raw pairs parsed as undici parses them (lower-case names, repeats as arrays). */
export function headerRecord(source: HeaderSource): HeaderRecord {
  return isRaw(source) ? util.parseHeaders(source as Buffer[]) : source;
}

/** Whether the raw name is `name` (lower case ASCII), compared byte by byte without making a string. */
function sameName(raw: Buffer, name: string): boolean {
  if (raw.length !== name.length) return false;
  for (let i = 0; i < name.length; i++) {
    const byte = raw[i] as number;
    if ((byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) !== name.charCodeAt(i)) return false;
  }
  return true;
}

/** One header (`name` in lower case), repeats joined with ", " as Headers.get does; null when absent. */
export function headerValue(source: HeaderSource, name: string): string | null {
  if (!isRaw(source)) {
    const value = source[name];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  let found: string | null = null;
  for (let i = 0; i + 1 < source.length; i += 2) {
    if (!sameName(source[i] as Buffer, name)) continue;
    const value = (source[i + 1] as Buffer).toString('latin1');
    found = found === null ? value : `${found}, ${value}`;
  }
  return found;
}
