// The pieces of one line of block-style YAML that model/yaml-lines.ts needs: a mapping key and what follows it,
// and what kind of value starts a line's rest. Each reads one line left to right, once (linear in its length).
// Anything this subset does not read throws Unsupported: the caller then leaves the file to Redocly's YAML AST.

export class Unsupported extends Error {}

/** Index after the quote that closes the scalar opened at `start` (`'` or `"`), or -1 when the line ends first. */
export function quotedEnd(text: string, start: number, quote: string): number {
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (quote === '"' && char === '\\')
      i++; // an escaped character, never the closing quote
    else if (char === quote) {
      if (quote === "'" && text[i + 1] === "'")
        i++; // '' is a quote inside a single-quoted scalar
      else return i + 1;
    }
  }
  return -1;
}

// YAML's white space is the space and the tab only (a no-break space is text).
const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/** `text` without its leading spaces and tabs. */
export function trimBlankStart(text: string): string {
  let i = 0;
  while (isBlank(text[i])) i++;
  return text.slice(i);
}

/** True when `text` (the rest of a line) is blank or a comment. */
export const isEnd = (text: string): boolean => /^[ \t]*(#.*)?$/.test(text);

/** Where the plain key of `text` ends: before `: `, a tab or the line's end after a colon; -1 if no key. */
function plainKeyEnd(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '#' && isBlank(text[i - 1])) return -1; // a comment: no key
    if (char === ':' && (i + 1 === text.length || isBlank(text[i + 1]))) return i;
  }
  return -1;
}

const QUOTES = `'"`;
/** Characters that start a node's properties, an alias, a complex key or a reserved indicator. */
const NOT_A_PLAIN_KEY = '?&!*%@`]},|>';

/**
 * A mapping entry's key (as the YAML AST spells its value) and the text after its colon; undefined when
 * `text` is not a `key: ...` line (a scalar).
 */
export function keyOf(text: string): { key: string; rest: string } | undefined {
  const first = text[0];
  // A comment, a flow collection, or a dash, `?` or `:` indicator: not a plain key.
  if (first === undefined || '#[{'.includes(first) || /^[-?:]([ \t]|$)/.test(text)) return undefined;
  if (QUOTES.includes(first)) {
    const end = quotedEnd(text, 0, first);
    if (end === -1) throw new Unsupported('a key over several lines');
    const colon = /^[ \t]*:(?=[ \t]|$)/.exec(text.slice(end));
    if (!colon) return undefined;
    const inner = text.slice(1, end - 1);
    if (first === '"' && inner.includes('\\')) throw new Unsupported('an escape in a key');
    return {
      key: first === "'" ? inner.replaceAll("''", "'") : inner,
      rest: text.slice(end + colon[0].length),
    };
  }
  const end = plainKeyEnd(text);
  if (end === -1) return undefined;
  if (NOT_A_PLAIN_KEY.includes(first)) throw new Unsupported(`a key starting with ${first}`);
  let keyEnd = end;
  while (isBlank(text[keyEnd - 1])) keyEnd--;
  const key = text.slice(0, keyEnd);
  if (key === '') throw new Unsupported('an empty key');
  return { key, rest: text.slice(end + 1) };
}

/** Index after the flow collection that opens `text` closes, on this line; throws when it goes on. */
function flowEnd(text: string): number {
  let depth = 0;
  let tokenStart = true; // a quote starts a quoted scalar only where a token starts
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (QUOTES.includes(char) && tokenStart) {
      i = quotedEnd(text, i, char) - 1;
      if (i < 0) break;
    } else if (char === '#' && isBlank(text[i - 1])) break;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
    tokenStart = '[{,:'.includes(char) || isBlank(char);
  }
  throw new Unsupported('a flow collection over several lines');
}

/**
 * What starts `text`, a value after `key:` or `- `: nothing (its node follows on the next lines), a node
 * that ends on this line (a scalar, an alias or a flow collection), a block scalar (its lines follow), or
 * a quoted scalar still open at the line's end (`open`, its quote).
 */
export function valueKind(text: string): 'empty' | 'leaf' | 'block' | { open: string } {
  const value = trimBlankStart(text);
  const first = value[0] ?? '';
  if (isEnd(value)) return 'empty';
  if ('&!%@`'.includes(first) || /^[?-]([ \t]|$)/.test(value))
    throw new Unsupported(`a value starting ${first}`);
  if (first === '|' || first === '>') {
    if (!/^[|>][1-9+-]{0,2}[ \t]*(#.*)?$/.test(value)) throw new Unsupported('a block scalar header');
    return 'block';
  }
  if (QUOTES.includes(first)) {
    const end = quotedEnd(value, 0, first);
    if (end === -1) return { open: first };
    if (!isEnd(value.slice(end))) throw new Unsupported('text after a quoted scalar');
    return 'leaf';
  }
  if ((first === '[' || first === '{') && !isEnd(value.slice(flowEnd(value))))
    throw new Unsupported('text after a flow collection');
  return 'leaf';
}

/** Where a quoted scalar continued from an earlier line closes on `line` (-1: not yet); throws on text after it. */
export function quoteCloses(line: string, quote: string): number {
  const end = quotedEnd(`${quote}${line}`, 0, quote); // as if the scalar opened just before the line
  if (end !== -1 && !isEnd(line.slice(end - 1))) throw new Unsupported('text after a quoted scalar');
  return end;
}
