// What the docs add to each operation's description, read from the model: security, account header,
// idempotency by URL, named examples and what the contract leaves unspecified.
import type {
  ContractModel,
  MediaType,
  Operation,
  SecurityRequirement,
  SecurityScheme,
} from '@banking-api/contract';
import { topicLabel } from './open-questions-page.ts';

function schemeText(schemes: readonly SecurityScheme[], requirement: SecurityRequirement): string {
  const scheme = schemes.find((s) => s.name === requirement.scheme);
  if (scheme?.type === 'mutualTLS') return 'a client certificate (mutual TLS) issued for the environment';
  if (scheme?.type === 'http' && scheme.scheme === 'bearer')
    return `\`Authorization: Bearer <token>\`${scheme.bearerFormat ? ` (a ${scheme.bearerFormat})` : ''}`;
  return `\`${requirement.scheme}\``;
}

export function securityNote(schemes: readonly SecurityScheme[], op: Operation): string {
  if (!op.security.length) return '**Security:** none.';
  const options = op.security.map((alternative) =>
    alternative
      .map((requirement) => {
        const text = schemeText(schemes, requirement);
        const { scopes } = requirement;
        return scopes.length ? `${text} with scope ${scopes.map((s) => `\`${s}\``).join(', ')}` : text;
      })
      .join(' **and** '),
  );
  const scoped = op.security.some((alternative) => alternative.some((r) => r.scopes.length));
  const scopesLine = scoped ? '' : ' Token scopes for this operation: not stated by the contract.';
  return `**Security:** ${options.join(', or ')}.${scopesLine}`;
}

export function accountNote(op: Operation): string {
  return op.accountHeader
    ? '**Account header:** required. Send `x-account-id: <ACCOUNT_ID>`, the account this operation acts on.'
    : '**Account header:** not used by this operation.';
}

export function idempotencyNote(op: Operation): string {
  if (!op.idempotency) return '**Idempotency:** none (no idempotency mechanism).';
  const { parameter } = op.idempotency;
  const last = [...op.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
  const place = last === parameter ? ', the final path parameter,' : '';
  return (
    `**Idempotent by URL:** \`{${parameter}}\`${place} is the idempotency ` +
    'identifier. Choose a fresh one (for example a UUID) for each new operation and send the same one only to ' +
    'repeat that operation. What the service answers to a repeated identifier is not shown in the contract.'
  );
}

export function unspecifiedNote(op: Operation): string {
  if (!op.gaps.length) return '';
  const items = op.gaps.map((gap) => `- **${topicLabel(gap.topic)}:** ${gap.detail}`);
  return `**Not specified by the contract:**\n\n${items.join('\n')}`;
}

/**
 * What the contract states across fields (`x-equals`) of the operation's success responses, one line: the
 * error envelope's rule is the same for every operation, so the error-handling guide says it once.
 */
export function rulesNote(op: Operation): string {
  const stated = op.responses
    .filter((r) => /^2/.test(r.status))
    .flatMap((r) => (r.rules ?? []).map((rule) => ({ status: r.status, rule })));
  if (!stated.length) return '';
  const items = stated.map(({ status, rule }) => {
    const what =
      rule.equals.source === 'status'
        ? 'the HTTP status'
        : rule.equals.source === 'request-path'
          ? "the request's path"
          : `the ${rule.equals.source} parameter \`${rule.equals.name}\``;
    return `\`${rule.pointer.slice(1).replaceAll('/', '.')}\` of the ${status} answer equals ${what}`;
  });
  return `**Stated across fields:** ${items.join('; ')}.`;
}

/** `name` (summary) of each named example of a request body or response. */
const exampleNames = (content: readonly MediaType[]): string[] =>
  content.flatMap((media) =>
    media.examples.map(({ name, summary }) => (summary ? `\`${name}\` (${summary})` : `\`${name}\``)),
  );

/** Status order: `200` < `2XX` < `400` < `default`. */
const statusOrder = (status: string) => (status === 'default' ? 999 : Number(status.replace(/X/gi, '0')));

/** The named examples, listed by name: Redoc shows an example's name only when there are several. */
export function examplesNote(op: Operation, { mockGuide = true }: NoteOptions = {}): string {
  const parts: string[] = [];
  const request = exampleNames(op.requestBody?.content ?? []);
  if (request.length) parts.push(`request ${request.join(', ')}`);
  // The model keeps the document's key order, where integer-like keys ('400') come before '2XX'.
  const responses = [...op.responses].sort((a, b) => statusOrder(a.status) - statusOrder(b.status));
  for (const response of responses) {
    const names = exampleNames(response.content);
    if (names.length) parts.push(`${response.status} ${names.join(', ')}`);
  }
  const names = parts.length ? `**Named examples:** ${parts.join('; ')}.` : '';
  if (!mockGuide) return names;
  // Where the examples can be sent: the published page cannot (no client certificate in a browser).
  return `${names} Send them to the mock from a [local copy of this reference](#/try-it-against-the-mock).`.trim();
}

/** Whether the site carries our guide to the mock's try-it (a contract other than ours: no guide of ours). */
export type NoteOptions = { mockGuide?: boolean };

/** The operation's description followed by the generated notes. */
export function describeOperation(model: ContractModel, op: Operation, options: NoteOptions = {}): string {
  const notes = [
    securityNote(model.securitySchemes, op),
    accountNote(op),
    idempotencyNote(op),
    examplesNote(op, options),
    rulesNote(op),
    unspecifiedNote(op),
  ];
  return [op.description?.trim() ?? '', ...notes].filter(Boolean).join('\n\n');
}
