// Where the nodes of a block-style YAML file are written, read in one pass over its lines: the line Redocly's
// YAML AST gives a pointer (getLineColLocation with reportOnKey: a key's line, a list item's first line, the
// nearest ancestor's when the pointer goes further than the file), without building that AST, which costs
// 0.16-0.4 s of CPU per 2.4 MB file. Block style is read, with one-line flow collections, quoted and plain
// scalars over several lines and block scalars; a file with anything else (JSON, tabs, anchors, tags, complex
// keys, a flow collection over several lines, document markers) gives undefined, and the caller asks the AST
// (model/sources.ts).
// test/model/yaml-lines.test.ts holds it to the AST on every node of generated and hand-written files.
import { unescapePointerFragment } from '@redocly/openapi-core';
import { isEnd, keyOf, quoteCloses, trimBlankStart, Unsupported, valueKind } from './yaml-scalars.ts';

/** A node as a pointer reaches it: the line the AST reports for it, and its entries or items if it has any. */
type Node = { line: number; map?: Map<string, Node>; items?: (Node | null)[] };
/** An open mapping or sequence and the column its keys or dashes are at. */
type Frame = { indent: number; node: Node };
/** A key or dash with nothing after it: the next line says whether a nested block or nothing (null) follows. */
type Pending = { node: Node; indent: number; list?: (Node | null)[] };

const isDash = (text: string) => text === '-' || text.startsWith('- ') || text.startsWith('-\t');

/** Reads a file's lines in order (`read`, then `finish`) into the tree of its block nodes (`root`). */
class BlockReader {
  root: Node | undefined;
  private readonly stack: Frame[] = [];
  private pending: Pending | undefined;
  /** Lines indented more than this go on the last scalar (a plain scalar's or a block scalar's lines). */
  private continuedAbove: number | undefined;
  private quote: string | undefined;

  read(line: string, lineNumber: number): void {
    if (this.quote) {
      if (quoteCloses(line, this.quote) !== -1) this.quote = undefined;
      return;
    }
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const text = line.slice(indent);
    if (/^[ \t]*$/.test(text)) return; // blank
    if (this.continuedAbove !== undefined && indent > this.continuedAbove) return;
    this.continuedAbove = undefined;
    if (text[0] === '\t') throw new Unsupported('a tab in the indentation');
    if (text[0] === '#') return;
    if (indent === 0 && /^(---|\.\.\.)([ \t]|$)/.test(text)) throw new Unsupported('a document marker');
    this.node(indent, text, lineNumber);
  }

  finish(): void {
    if (this.quote) throw new Unsupported('a quoted scalar left open');
    if (this.pending?.list) this.pending.list[this.pending.list.length - 1] = null;
  }

  /** A line that starts an entry or an item, at column `indent`. */
  private node(indent: number, text: string, lineNumber: number): void {
    if (this.pending) this.settle(indent, text, lineNumber);
    while ((this.stack.at(-1)?.indent ?? -1) > indent) this.stack.pop();
    // A sequence written at its key's column ends at the first line there that is not an item.
    const last = this.stack.at(-1);
    if (last?.indent === indent && last.node.items && !isDash(text)) this.stack.pop();
    let top = this.stack.at(-1);
    if (!top) {
      if (this.root) throw new Unsupported('a second node at the root');
      this.root = { line: lineNumber, ...(isDash(text) ? { items: [] } : { map: new Map() }) };
      top = { indent, node: this.root };
      this.stack.push(top);
    }
    if (top.indent !== indent) throw new Unsupported('an unexpected indentation');
    if (top.node.items) this.item(top.node.items, indent, text, lineNumber);
    else if (top.node.map && !isDash(text)) this.entry(top.node.map, indent, text, lineNumber);
    else throw new Unsupported('an item where a key belongs');
  }

  /** What the last key or dash without a value holds: the block that starts on this line, or null. */
  private settle(indent: number, text: string, lineNumber: number): void {
    const { node, indent: owner, list } = this.pending as Pending;
    this.pending = undefined;
    const dash = isDash(text);
    // A key's list may be written at the key's own column; anything else nested is indented further.
    if (indent > owner || (!list && indent === owner && dash)) {
      if (dash) node.items = [];
      else node.map = new Map();
      if (list) node.line = lineNumber; // an item's node starts where its content does
      this.stack.push({ indent, node });
    } else if (list) list[list.length - 1] = null;
  }

  private entry(map: Map<string, Node>, indent: number, text: string, lineNumber: number): void {
    const parsed = keyOf(text);
    if (!parsed) throw new Unsupported('a scalar where a key belongs');
    const node: Node = { line: lineNumber };
    if (!map.has(parsed.key)) map.set(parsed.key, node); // the AST finds a repeated key's first entry
    this.value(node, parsed.rest, indent);
  }

  private item(items: (Node | null)[], indent: number, text: string, lineNumber: number): void {
    const after = text.slice(1);
    if (after[0] === '\t') throw new Unsupported('a tab after a dash');
    const content = trimBlankStart(after);
    const node: Node = { line: lineNumber };
    items.push(node);
    const parsed = isEnd(content) ? undefined : keyOf(content);
    if (!parsed) {
      this.value(node, content, indent, items);
      return;
    }
    // `- key: value`: a mapping whose keys are at the first key's column.
    node.map = new Map([[parsed.key, { line: lineNumber }]]);
    const column = indent + 1 + (after.length - content.length);
    this.stack.push({ indent: column, node });
    this.value(node.map.get(parsed.key) as Node, parsed.rest, column);
  }

  /** After a key or dash at column `owner`: what its value's text means for the lines that follow. */
  private value(node: Node, text: string, owner: number, list?: (Node | null)[]): void {
    const kind = valueKind(text);
    if (kind === 'empty') this.pending = { node, indent: owner, ...(list && { list }) };
    else if (typeof kind === 'object') this.quote = kind.open;
    else this.continuedAbove = owner;
  }
}

/** Where each node of a block-style YAML text is written, or undefined when the text is not that subset. */
export type LineIndex = {
  /** The 1-based line the YAML AST reports for `#/a/b~1c` (on its key), or for its nearest ancestor. */
  line(pointer: string): number;
};

export function blockLines(body: string): LineIndex | undefined {
  if (body.startsWith('\uFEFF') || /\r(?!\n)/.test(body)) return undefined; // a BOM, or lines ended by \r alone
  const reader = new BlockReader();
  try {
    // Line by line without an array of all of them: a file's lines would all live through the pass.
    for (let start = 0, number = 1; start <= body.length; number++) {
      const newline = body.indexOf('\n', start);
      const end = newline === -1 ? body.length : newline;
      reader.read(body.slice(start, body[end - 1] === '\r' ? end - 1 : end), number);
      start = end + 1;
    }
    reader.finish();
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  return { line: (pointer) => lineAt(reader.root, pointer) };
}

/** As Redocly's getAstNodeByPointer walks the AST: a missing key or item stops at the node before it. */
function lineAt(root: Node | undefined, pointer: string): number {
  if (!root) return 1;
  let node = root;
  for (const segment of pointer.substring(2).split('/').map(unescapePointerFragment).filter(Boolean)) {
    const next = node.map
      ? node.map.get(segment)
      : node.items
        ? node.items[Number.parseInt(segment, 10)]
        : node;
    if (!next) break;
    node = next;
  }
  return node.line;
}
