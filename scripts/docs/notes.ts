// What the docs add to each operation's description, read from the spec: security, account header,
// idempotency by URL and what the contract leaves unspecified.
import { topicLabel } from './open-questions.ts';
import { deref, type Json, type Operation } from './spec.ts';

function schemeText(doc: Json, name: string): string {
  const scheme = ((doc.components as Json | undefined)?.securitySchemes as Json | undefined)?.[name] as
    | Json
    | undefined;
  if (scheme?.type === 'mutualTLS') return 'a client certificate (mutual TLS) issued for the environment';
  if (scheme?.type === 'http' && scheme.scheme === 'bearer')
    return `\`Authorization: Bearer <token>\`${scheme.bearerFormat ? ` (a ${scheme.bearerFormat})` : ''}`;
  return `\`${name}\``;
}

export function securityNote(doc: Json, op: Operation): string {
  if (!op.security.length) return '**Security:** none.';
  const options = op.security.map((requirement) => {
    const parts = Object.entries(requirement).map(([name, scopes]) => {
      const text = schemeText(doc, name);
      return scopes.length ? `${text} with scope ${scopes.map((s) => `\`${s}\``).join(', ')}` : text;
    });
    return parts.join(' **and** ');
  });
  const scoped = op.security.some((r) => Object.values(r).some((s) => s.length));
  const scopesLine = scoped ? '' : ' Token scopes for this operation: not stated by the contract.';
  return `**Security:** ${options.join(', or ')}.${scopesLine}`;
}

export function accountNote(op: Operation): string {
  const header = op.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'x-account-id');
  return header
    ? '**Account header:** required. Send `x-account-id: <ACCOUNT_ID>`, the account this operation acts on.'
    : '**Account header:** not used by this operation.';
}

export function idempotencyNote(op: Operation): string {
  if (!op.idempotency) return '**Idempotency:** none (no idempotency mechanism).';
  const { name } = op.idempotency;
  return (
    `**Idempotent by URL:** \`{${name}}\`, the final path parameter, is the idempotency identifier. ` +
    'Choose a fresh one (for example a UUID) for each new operation and send the same one only to repeat ' +
    'that operation. What the service answers to a repeated identifier is not shown in the contract.'
  );
}

export function unspecifiedNote(op: Operation): string {
  if (!op.unspecified.length) return '';
  const items = op.unspecified.map((u) => `- **${topicLabel(u.topic)}:** ${u.detail}`);
  return `**Not specified by the contract:**\n\n${items.join('\n')}`;
}

/** `name` (summary) of each named example of a request body or response. */
function exampleNames(doc: Json, holder: unknown): string[] {
  const content = (holder ? deref(doc, holder).content : undefined) as Json | undefined;
  return Object.values(content ?? {}).flatMap((media) =>
    Object.entries(((media as Json).examples ?? {}) as Json).map(([name, example]) => {
      const summary = deref(doc, example).summary;
      return summary ? `\`${name}\` (${summary})` : `\`${name}\``;
    }),
  );
}

/** The named examples, listed by name: Redoc shows an example's name only when there are several. */
export function examplesNote(doc: Json, op: Operation): string {
  const parts: string[] = [];
  const request = exampleNames(doc, op.op.requestBody);
  if (request.length) parts.push(`request ${request.join(', ')}`);
  // Integer-like keys ('400') come before '2XX' in a JS object: put them back in status order.
  const order = (status: string) => (status === 'default' ? 999 : Number(status.replace(/X/gi, '0')));
  const responses = Object.entries((op.op.responses ?? {}) as Json).sort(([a], [b]) => order(a) - order(b));
  for (const [status, response] of responses) {
    const names = exampleNames(doc, response);
    if (names.length) parts.push(`${status} ${names.join(', ')}`);
  }
  return parts.length ? `**Named examples:** ${parts.join('; ')}.` : '';
}

/** The operation's description followed by the generated notes. */
export function describeOperation(doc: Json, op: Operation): string {
  const notes = [
    securityNote(doc, op),
    accountNote(op),
    idempotencyNote(op),
    examplesNote(doc, op),
    unspecifiedNote(op),
  ];
  const own = typeof op.op.description === 'string' ? op.op.description.trim() : '';
  return [own, ...notes].filter(Boolean).join('\n\n');
}
