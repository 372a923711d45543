// Lists of operations in the guides, made from the model at build time. A guide writes a marker line
// `<!-- model: NAME [ARGUMENT] -->` where a list goes; the docs step puts the list there, so adding an
// operation to openapi.yaml updates every guide and nobody keeps a table by hand. An unknown NAME fails
// the build. On GitHub the marker is an invisible comment; the reference site shows the list.
import {
  bearerScopes,
  bodySchemaOf,
  type ContractModel,
  envelopeKind,
  type Operation,
  successResponses,
} from '@banking-api/contract';
import { operationAnchor } from './anchors.ts';
import type { Guide } from './guides.ts';

type Render = (model: ContractModel, argument: string) => string;

const link = (op: Operation) => `[${op.summary}](${operationAnchor(op)})`;
const route = (op: Operation) => `\`${op.method} ${op.path}\``;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (!rows.length) return '_None in the contract._';
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The path parameters of an idempotent operation other than its idempotency identifier, described. */
const otherPathParameters = (op: Operation) =>
  op.parameters
    .filter((p) => p.in === 'path' && p.name !== op.idempotency?.parameter)
    .map((p) => ` (\`{${p.name}}\`: ${p.description ?? 'also in the path'})`)
    .join('');

const scopesOf = (op: Operation) =>
  bearerScopes(op)
    .map((set) => set.map((s) => `\`${s}\``).join(' and '))
    .filter(Boolean)
    .join(' or ');

/** The lists a guide may ask for, by name. */
export const GUIDE_TABLES: Readonly<Record<string, Render>> = {
  'account-header-operations': (model) =>
    table(
      ['Operation', 'Method and path'],
      model.operations.filter((op) => op.accountHeader).map((op) => [link(op), route(op)]),
    ),
  'idempotent-operations': (model) =>
    table(
      ['Operation', 'Method and path', 'Idempotency identifier'],
      model.operations
        .filter((op) => op.idempotency)
        .map((op) => [link(op), route(op), `\`{${op.idempotency?.parameter}}\`${otherPathParameters(op)}`]),
    ),
  'scoped-operations': (model) =>
    table(
      ['Operation', 'Method and path', 'Scope'],
      model.operations.filter((op) => scopesOf(op)).map((op) => [link(op), route(op), scopesOf(op)]),
    ),
  'success-envelope-operations': (model) =>
    table(
      ['Operation', 'Method and path', 'Status'],
      model.operations.flatMap((op) =>
        successResponses(op)
          .filter((r) => envelopeKind(bodySchemaOf(r)) === 'success')
          .map((r) => [link(op), route(op), r.status]),
      ),
    ),
  /** `<!-- model: operations-tagged Webhooks, Notifications -->`: the operations of those tags. */
  'operations-tagged': (model, argument) => {
    const tags = argument.split(',').map((t) => t.trim());
    const ops = model.operations.filter((op) => op.tags.some((t) => tags.includes(t)));
    return table(
      ['Operation', 'Method and path', 'Scope'],
      ops.map((op) => [link(op), route(op), scopesOf(op) || 'none stated']),
    );
  },
};

const MARKER = '<!-- model:';

/** The guide with each marker line replaced by its list; throws on an unknown list, naming the line. */
export function expandGuideTables(guide: Guide, model: ContractModel): Guide {
  const lines = guide.body.split('\n').map((line, i) => {
    const text = line.trim();
    if (!text.startsWith(MARKER) || !text.endsWith('-->')) return line;
    const [name = '', ...rest] = text.slice(MARKER.length, -'-->'.length).trim().split(' ');
    const render = GUIDE_TABLES[name];
    if (!render)
      throw new Error(
        `${guide.file}:${i + 3} unknown model list "${name}" (known: ${Object.keys(GUIDE_TABLES).join(', ')})`,
      );
    return render(model, rest.join(' '));
  });
  return { ...guide, body: lines.join('\n') };
}
