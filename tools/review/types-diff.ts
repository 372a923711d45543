// What changed in the generated TypeScript types: every exported type flattened to its members
// ("components.schemas.Ted.amount" → "number"), compared by name. This is what other teams compile against.
import ts from 'typescript';

export type TypeMember = { name: string; type: string; optional: boolean };
export type TypesDelta = {
  added: TypeMember[];
  removed: TypeMember[];
  changed: { name: string; before: TypeMember; after: TypeMember }[];
};

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

const keyText = (name: ts.PropertyName | ts.BindingName, sf: ts.SourceFile) => {
  const text =
    ts.isStringLiteral(name) || ts.isIdentifier(name) || ts.isNumericLiteral(name)
      ? name.text
      : name.getText(sf);
  return /^[A-Za-z_$][\w$]*$/.test(text) ? `.${text}` : `[${JSON.stringify(text)}]`;
};

function flatten(
  node: ts.TypeNode | undefined,
  name: string,
  optional: boolean,
  sf: ts.SourceFile,
  out: Map<string, TypeMember>,
) {
  let inner = node;
  while (inner && ts.isParenthesizedTypeNode(inner)) inner = inner.type;
  if (inner && ts.isTypeLiteralNode(inner)) return members(inner.members, name, sf, out);
  if (inner && ts.isArrayTypeNode(inner) && ts.isTypeLiteralNode(inner.elementType)) {
    return members(inner.elementType.members, `${name}[]`, sf, out);
  }
  const type = node ? printer.printNode(ts.EmitHint.Unspecified, node, sf).replace(/\s+/g, ' ') : 'any';
  out.set(name, { name, type, optional });
}

function members(
  list: ts.NodeArray<ts.TypeElement>,
  prefix: string,
  sf: ts.SourceFile,
  out: Map<string, TypeMember>,
) {
  for (const m of list) {
    if (ts.isPropertySignature(m))
      flatten(m.type, `${prefix}${keyText(m.name, sf)}`, Boolean(m.questionToken), sf, out);
    else if (ts.isIndexSignatureDeclaration(m)) flatten(m.type, `${prefix}[string]`, false, sf, out);
    else out.set(`${prefix}<${m.kind}>`, { name: `${prefix}<member>`, type: m.getText(sf), optional: false });
  }
}

/** Exported interfaces and type aliases of a .d.ts text, flattened to leaf members. */
export function flattenTypes(source: string): Map<string, TypeMember> {
  const sf = ts.createSourceFile('api.d.ts', source, ts.ScriptTarget.Latest, true);
  const out = new Map<string, TypeMember>();
  for (const stmt of sf.statements) {
    const exported = ts
      .getModifiers(stmt as ts.HasModifiers)
      ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isInterfaceDeclaration(stmt)) members(stmt.members, stmt.name.text, sf, out);
    else if (ts.isTypeAliasDeclaration(stmt)) flatten(stmt.type, stmt.name.text, false, sf, out);
  }
  return out;
}

const SEGMENT = /^[A-Za-z_$][\w$]*|\.[A-Za-z_$][\w$]*|\["(?:[^"\\]|\\.)*"\]|\[string\]|\[\]|<\d+>/g;

/** "a.b["c"]" → ["a", "a.b", "a.b[\"c\"]"]. */
function prefixes(name: string): string[] {
  const parts = name.match(SEGMENT) ?? [name];
  return parts.map((_, i) => parts.slice(0, i + 1).join(''));
}

/** Members gone from (or new to) `other` entirely, reported once at their highest such parent (below the root). */
function collapse(members: TypeMember[], other: Map<string, TypeMember>): TypeMember[] {
  const present = new Set([...other.keys()].flatMap(prefixes));
  const out = new Map<string, TypeMember>();
  for (const m of members) {
    const top =
      prefixes(m.name)
        .slice(1)
        .find((p) => !present.has(p)) ?? m.name;
    out.set(top, top === m.name ? m : { name: top, type: '{ … }', optional: false });
  }
  return [...out.values()];
}

export function typesDelta(before: string, after: string): TypesDelta {
  const a = flattenTypes(before);
  const b = flattenTypes(after);
  const delta: TypesDelta = { added: [], removed: [], changed: [] };
  for (const [name, m] of b) {
    const old = a.get(name);
    if (!old) delta.added.push(m);
    else if (old.type !== m.type || old.optional !== m.optional)
      delta.changed.push({ name, before: old, after: m });
  }
  for (const [name, m] of a) if (!b.has(name)) delta.removed.push(m);
  return { ...delta, added: collapse(delta.added, a), removed: collapse(delta.removed, b) };
}
