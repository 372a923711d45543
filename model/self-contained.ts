// The quick check a tool makes before it lets another program read a spec file with a resolver of its own
// (the review's diff engine, `redocly diff`): the file is within the loader's limits (size, depth, YAML
// aliases: model/parse-limits.ts) and names no other document (no `$ref`, `externalValue` or discriminator
// mapping that is not `#…`: model/reference-keys.ts), so that program reads this file and nothing else.
// Parsed as Redocly parses (js-yaml, the same schema), without loading Redocly: its modules took a second
// on a busy machine, during which the engine waited. A file that fails this is left to the loader's full
// check (model/open.ts), which names what is wrong or, for a contract split in files, follows them.
import { readFile, stat } from 'node:fs/promises';
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

/** Whether `file` is one self-contained spec within the limits; false for anything else, never thrown. */
export async function selfContained(file: string): Promise<boolean> {
  try {
    if ((await stat(file)).size > LIMITS.fileBytes) return false;
    const text = await readFile(file, 'utf8');
    const parsed = load(text, { schema: SCHEMA, filename: file });
    checkParsed(parsed, file, text);
    return !namesAnother(parsed);
  } catch {
    return false;
  }
}
