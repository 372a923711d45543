// Redocly's resolver, confined to the contract's folder (issue 37: the build and the review run on pull
// requests). A `$ref` resolves only to a file inside the folder of the contract's root file, symbolic links
// followed: never a URL (nothing is fetched), never an absolute path, never a `../` out of the folder. Each
// file is bounded in size before it is read and in depth and alias expansion once parsed (parse-limits.ts).
// Refused references are never read: the bundler then reports them where they are written ("Can't resolve
// $ref"), and model/confine.ts names every one before anything else reads the contract.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseResolver, type Document, ResolveError, type Source } from '@redocly/openapi-core';
import { checkParsed, LIMITS, ParseLimitError } from './parse-limits.ts';
import { takeParsed } from './self-contained.ts';

/** `http:`, `file:`, `data:`, any scheme: a reference that names no file of the folder. */
export const isUrl = (ref: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref);
const isAbsolutePath = (ref: string): boolean => path.isAbsolute(ref) || /^[a-z]:[\\/]/i.test(ref);

/** The real path (symbolic links followed) of a file that exists, else its resolved path. */
function realOrResolved(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** Why `ref`, written in the file `base`, may not be read; undefined when it names a file inside `folder`. */
export function refusal(ref: string, base: string, folder: string): string | undefined {
  if (isUrl(ref))
    return `"${ref}" is a URL: a contract's references name files inside its folder, and nothing is fetched`;
  if (isAbsolutePath(ref))
    return `"${ref}" is an absolute path: name the file relative to the file that refers to it`;
  const target = realOrResolved(path.resolve(path.dirname(base), ref));
  const inside = path.relative(folder, target);
  if (inside.startsWith('..') || path.isAbsolute(inside))
    return `"${ref}" names a file outside the contract's folder (${folder})`;
  return undefined;
}

export class ContractResolver extends BaseResolver {
  /** The contract's folder, symbolic links resolved. */
  readonly folder: string;
  private readonly rootFile: string;
  private readonly refused = new Map<string, string>();
  private bytes = 0;

  constructor(rootFile: string, config?: ConstructorParameters<typeof BaseResolver>[0]) {
    super(config);
    this.rootFile = path.resolve(rootFile);
    this.folder = realOrResolved(path.dirname(this.rootFile));
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    const resolved = super.resolveExternalRef(base, ref);
    if (base === null && path.resolve(ref) === this.rootFile) return resolved;
    const why = refusal(ref, base ?? this.rootFile, this.folder);
    if (why) this.refused.set(resolved, why);
    return resolved;
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const why = this.refused.get(absoluteRef);
    if (why) throw new ResolveError(new Error(why));
    if (this.cache.size > LIMITS.files)
      throw new ResolveError(new Error(`the contract spans more than ${LIMITS.files} files`));
    let size = 0;
    try {
      size = statSync(absoluteRef).size;
    } catch {} // missing: Redocly's own read says so
    this.bytes += size;
    if (size > LIMITS.fileBytes)
      throw new ResolveError(
        new ParseLimitError(
          `${this.shown(absoluteRef)} is ${size} bytes: a contract file may have ${LIMITS.fileBytes}`,
        ),
      );
    if (this.bytes > LIMITS.totalBytes)
      throw new ResolveError(
        new ParseLimitError(`the contract's files pass ${LIMITS.totalBytes} bytes together`),
      );
    return super.loadExternalRef(absoluteRef);
  }

  override parseDocument(source: Source, isRoot?: boolean): Document {
    const checked = takeParsed(source.absoluteRef, source.body); // parsed and measured already
    if (checked) return { source, parsed: checked.parsed };
    const document = super.parseDocument(source, isRoot);
    checkParsed(document.parsed, this.shown(source.absoluteRef), source.body);
    return document;
  }

  /** A file as messages name it: relative to the contract's folder. */
  private shown(file: string): string {
    return path.relative(path.dirname(this.rootFile), file) || file;
  }
}
