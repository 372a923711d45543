// Every operation of one side as a client meets it: path operations, webhooks (3.1) and callbacks, each with
// its effective parameters (the path item's and its own merged, its own winning: OpenAPI §4.8.9), security
// (its own or the document's; a webhook's or callback's own only), servers (its own, its path item's or the
// document's) and responses by status. Webhooks and callbacks are operations the API calls on the client: `reversed`, so that what the
// client reads and sends is the other way round. Keys: `POST /hb/transfers/ted`, `POST webhook pixReceived`,
// `POST callback onPaid {$request.body#/url} of POST /hb/pix/charges`.
import { type EffectiveParameter, effectiveParameter } from './parameter-view.ts';
import { child, isObject, type Json, type Located, list, obj, type SideDocument } from './reader.ts';
import { type Requirement, requirementsOf } from './requirements.ts';
import { type EffectiveServer, serversOf } from './server-list.ts';

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

export type Owner = 'path' | 'webhook' | 'callback';

export interface EffectiveOperation extends Located {
  readonly key: string;
  readonly method: string;
  /** The path template, the webhook's name, or the callback's expression. */
  readonly path: string;
  readonly owner: Owner;
  /** The API calls the client (webhooks, callbacks): the client reads the request and sends the response. */
  readonly reversed: boolean;
  /** Where its path item is written. */
  readonly itemAt: string;
  readonly parameters: ReadonlyMap<string, EffectiveParameter>;
  readonly requestBody: Located | undefined;
  /** Responses by status (`200`, `2XX`, `default`). */
  readonly responses: ReadonlyMap<string, Located>;
  readonly security: { alternatives: Requirement[]; at: string };
  readonly servers: { list: EffectiveServer[]; at: string };
}

type Place = { owner: Owner; label: (method: string) => string; path: string; reversed: boolean };

const statusKey = (status: string) => (/^[1-5]xx$/i.test(status) ? status.toUpperCase() : status);

/** The operations of one path item (followed through its `$ref`). */
function itemOperations(
  doc: SideDocument,
  raw: unknown,
  at: string,
  place: Place,
  inherited: Located<unknown>,
): EffectiveOperation[] {
  const item = doc.resolve(raw, at);
  if (!item) return [];
  const itemServers: Located<unknown> = Array.isArray(item.node.servers)
    ? { node: item.node.servers, at: child(item.at, 'servers') }
    : inherited;
  const out: EffectiveOperation[] = [];
  for (const method of METHODS) {
    if (!isObject(item.node[method])) continue;
    const opAt = child(item.at, method);
    out.push(
      operationOf(
        doc,
        item,
        { node: item.node[method] as Json, at: opAt },
        method.toUpperCase(),
        place,
        itemServers,
      ),
    );
  }
  return out;
}

function parametersOf(
  doc: SideDocument,
  item: Located,
  op: Located,
  template: string,
): Map<string, EffectiveParameter> {
  const merged = new Map<string, EffectiveParameter>();
  for (const owner of [item, op])
    for (const [i, raw] of list(owner.node.parameters).entries()) {
      const param = doc.resolve(raw, child(child(owner.at, 'parameters'), i));
      if (!param) continue;
      const effective = effectiveParameter(param, template);
      merged.set(effective.key, effective);
    }
  return merged;
}

function responsesOf(doc: SideDocument, op: Located): Map<string, Located> {
  const at = child(op.at, 'responses');
  const out = new Map<string, Located>();
  for (const [status, raw] of Object.entries(obj(op.node.responses))) {
    const response = doc.resolve(raw, child(at, status));
    if (response) out.set(statusKey(status), response);
  }
  return out;
}

function operationOf(
  doc: SideDocument,
  item: Located,
  op: Located,
  method: string,
  place: Place,
  servers: Located<unknown>,
): EffectiveOperation {
  const body =
    op.node.requestBody === undefined
      ? undefined
      : doc.resolve(op.node.requestBody, child(op.at, 'requestBody'));
  // The document's security is how clients call the API; a webhook or callback is the API calling them.
  const ownSecurity = op.node.security !== undefined || place.owner !== 'path';
  const ownServers = Array.isArray(op.node.servers);
  return {
    ...op,
    key: place.label(method),
    method,
    path: place.path,
    owner: place.owner,
    reversed: place.reversed,
    itemAt: item.at,
    parameters: parametersOf(doc, item, op, place.owner === 'path' ? place.path : ''),
    requestBody: body,
    responses: responsesOf(doc, op),
    security: {
      alternatives: requirementsOf(ownSecurity ? op.node.security : doc.doc.security),
      at: ownSecurity ? child(op.at, 'security') : '#/security',
    },
    servers: ownServers
      ? { list: serversOf(op.node.servers), at: child(op.at, 'servers') }
      : { list: serversOf(servers.node), at: servers.at },
  };
}

/** The callbacks of one operation, as operations of their own. */
function callbacksOf(doc: SideDocument, parent: EffectiveOperation): EffectiveOperation[] {
  const at = child(parent.at, 'callbacks');
  return Object.entries(obj(parent.node.callbacks)).flatMap(([name, raw]) => {
    const callback = doc.resolve(raw, child(at, name));
    if (!callback) return [];
    return Object.entries(callback.node).flatMap(([expression, item]) =>
      expression.startsWith('x-')
        ? []
        : itemOperations(
            doc,
            item,
            child(callback.at, expression),
            {
              owner: 'callback',
              label: (method) => `${method} callback ${name} ${expression} of ${parent.key}`,
              path: expression,
              reversed: !parent.reversed,
            },
            { node: [], at: '#/servers' },
          ),
    );
  });
}

/** Every operation of the document, by key: paths, then webhooks, then each one's callbacks. */
export function effectiveOperations(doc: SideDocument): Map<string, EffectiveOperation> {
  const documentServers: Located<unknown> = { node: doc.doc.servers, at: '#/servers' };
  const operations: EffectiveOperation[] = [];
  for (const [template, item] of Object.entries(obj(doc.doc.paths)))
    operations.push(
      ...itemOperations(
        doc,
        item,
        child('#/paths', template),
        {
          owner: 'path',
          label: (method) => `${method} ${template}`,
          path: template,
          reversed: false,
        },
        documentServers,
      ),
    );
  for (const [name, item] of Object.entries(obj(doc.doc.webhooks)))
    operations.push(
      ...itemOperations(
        doc,
        item,
        child('#/webhooks', name),
        {
          owner: 'webhook',
          label: (method) => `${method} webhook ${name}`,
          path: name,
          reversed: true,
        },
        { node: [], at: '#/webhooks' },
      ),
    );
  const withCallbacks = operations.flatMap((op) => [op, ...callbacksOf(doc, op)]);
  return new Map(withCallbacks.map((op) => [op.key, op]));
}
