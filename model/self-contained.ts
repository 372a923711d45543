// The quick check a tool makes before it lets another program read a spec file with a resolver of its own
// (the review's diff engine, `redocly diff`): the file is within the loader's limits (size, depth, YAML
// aliases: model/parse-limits.ts) and names no other document (no `$ref`, `externalValue` or discriminator
// mapping that is not `#…`: model/reference-keys.ts), so that program reads this file and nothing else.
// Parsed as Redocly parses (js-yaml, the same schema), without loading Redocly: its modules took a second
// on a busy machine, during which the engine waited. A file that fails this is left to the loader's full
// check (model/open.ts), which names what is wrong or, for a contract split in files, follows them. What it
// parsed is kept for the loader's resolver, which takes it instead of parsing the same text again (two of
// a review's four parses: 0.23 s of CPU on Pix's spec, 2 s on Stripe's).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { binaryTag, CORE_SCHEMA, load, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';
import { checkParsed, LIMITS } from './parse-limits.ts';
import { referencesOf } from './reference-keys.ts';

/** Redocly's schema for YAML and JSON specs (openapi-core's js-yaml/index.js): the core one, no timestamps. */
const SCHEMA = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** Whether the parsed tree names another document anywhere. */
function namesAnother(parsed: unknown): boolean {
  const seen = new Set<object>();
  const stack = [parsed];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (referencesOf(node as Record<string, unknown>).length) return true;
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

/** What the check parsed, by absolute path, with the text it parsed: for the loader (takeParsed). */
const parsedFiles = new Map<string, { text: string; parsed: unknown }>();

/**
 * The tree the check parsed from `text` at `file`, once (the loader's resolver consumes it: Redocly's
 * bundle rewrites a tree in place), if the text is the same; else undefined.
 */
export function takeParsed(file: string, text: string): { parsed: unknown } | undefined {
  const known = parsedFiles.get(file);
  parsedFiles.delete(file);
  return known?.text === text ? { parsed: known.parsed } : undefined;
}

/** Whether `file` is one self-contained spec within the limits; false for anything else, never thrown. */
export async function selfContained(file: string): Promise<boolean> {
  try {
    if ((await stat(file)).size > LIMITS.fileBytes) return false;
    // As Redocly's resolver reads a file (its loadExternalRef), so that the loader can take the tree.
    const text = (await readFile(file, 'utf8')).replace(/\r\n/g, '\n');
    const parsed = load(text, { schema: SCHEMA, filename: file });
    checkParsed(parsed, file, text);
    if (namesAnother(parsed)) return false;
    parsedFiles.set(path.resolve(file), { text, parsed });
    return true;
  } catch {
    return false;
  }
}
