// The bounds a spec is read within (issue 37: a spec is input from whoever opens a pull request). A file's
// size is checked before it is read; once parsed, its tree is measured before anything walks it: how deep it
// nests, and how many nodes it holds once its YAML aliases are expanded. js-yaml parses an alias as the
// same object again, so parsing an alias bomb is quick, but every walk afterwards (Redocly's resolver,
// Spectral, JSON.stringify) goes through each alias in full: a few hundred bytes reaching 10^9 nodes kept a
// review busy for minutes. The count is made once per distinct node (a node reached again adds its size
// without another walk), so it is linear in the parsed document whatever it expands to.

export const LIMITS = {
  /** Bytes of one file of the contract. Stripe's spec, among the largest public ones, is 4.2 MB. */
  fileBytes: 32 * 1024 * 1024,
  /** Bytes of all the contract's files together. */
  totalBytes: 64 * 1024 * 1024,
  /** Files one contract may span. */
  files: 2000,
  /** Nesting of mappings and sequences (js-yaml stops at 100 itself). Stripe's spec nests 26 deep. */
  depth: 256,
  /** Nodes of a file with its aliases expanded, beyond ten times its distinct nodes... */
  aliasFactor: 10,
  /** ...and never more than this in all. Stripe's spec holds about 99,000. */
  expandedNodes: 10_000_000,
} as const;

export class ParseLimitError extends Error {}

/**
 * Where an anchor (`&name`) could stand: after a space or a flow indicator. Without one there is no alias
 * either: the parsed tree is then as large as the text (which is bounded), and js-yaml bounds its depth
 * (100), so it is not measured. A `&` inside a text (`a && b`, `&ensp;`) only makes the check run.
 */
const MAY_HOLD_AN_ANCHOR = /(?:^|[\s[\]{},])&[^\s[\]{},]/;

type Measure = { nodes: number; depth: number };

/** The children of a parsed node (a mapping's values, a sequence's items); none for a scalar. */
const childrenOf = (node: unknown): unknown[] =>
  node !== null && typeof node === 'object' ? Object.values(node as object) : [];

/**
 * Measures `parsed` (nodes with aliases expanded, depth) in post-order with an explicit stack, each distinct
 * node once, unless its `text` cannot hold an anchor; throws ParseLimitError, naming `file`, past a limit.
 */
export function checkParsed(parsed: unknown, file: string, text?: string): void {
  if (text !== undefined && !MAY_HOLD_AN_ANCHOR.test(text)) return;
  const measured = new Map<object, Measure>();
  let distinct = 0; // nodes as written: each object once, with its scalars
  const stack: { node: object; depth: number; open: boolean }[] = [];
  const push = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || measured.has(node)) return;
    if (depth > LIMITS.depth) throw new ParseLimitError(`${file}: nested deeper than ${LIMITS.depth} levels`);
    stack.push({ node, depth, open: false });
  };
  push(parsed, 1);
  while (stack.length) {
    const top = stack[stack.length - 1] as (typeof stack)[number];
    if (measured.has(top.node)) {
      stack.pop();
      continue;
    }
    if (!top.open) {
      top.open = true;
      for (const child of childrenOf(top.node)) push(child, top.depth + 1);
      continue;
    }
    stack.pop();
    let nodes = 1;
    let depth = 1;
    distinct++;
    for (const child of childrenOf(top.node)) {
      if (child === null || typeof child !== 'object') distinct++;
      const m = child !== null && typeof child === 'object' ? measured.get(child) : undefined;
      if (child !== null && typeof child === 'object' && !m)
        throw new ParseLimitError(`${file}: a YAML alias refers to a node that contains it`);
      nodes += m ? m.nodes : 1;
      depth = Math.max(depth, m ? m.depth + 1 : 1);
    }
    if (nodes > LIMITS.expandedNodes || top.depth + depth - 1 > LIMITS.depth)
      throw tooLarge(file, nodes, depth);
    measured.set(top.node, { nodes, depth });
  }
  const total = parsed !== null && typeof parsed === 'object' ? (measured.get(parsed)?.nodes ?? 1) : 1;
  if (total > LIMITS.aliasFactor * (distinct + 1000))
    throw new ParseLimitError(
      `${file}: its YAML aliases expand ${distinct} nodes into ${total} (more than ${LIMITS.aliasFactor} times as many): an alias bomb is refused`,
    );
}

function tooLarge(file: string, nodes: number, depth: number): ParseLimitError {
  return nodes > LIMITS.expandedNodes
    ? new ParseLimitError(
        `${file}: more than ${LIMITS.expandedNodes.toLocaleString('en')} nodes once its YAML aliases are expanded: an alias bomb is refused`,
      )
    : new ParseLimitError(`${file}: nested deeper than ${LIMITS.depth} levels (${depth})`);
}
