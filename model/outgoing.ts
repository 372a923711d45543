// The requests the service makes to its clients, read as operations: each operation's `callbacks` (one
// level: a callback's own callbacks are named, not followed, so a callback that registers itself ends) and
// the document's `webhooks` (OpenAPI 3.1). Their ids, where the contract gives none, are derived as the
// operations' are, from the registering operation's id and the callback's name, or from the webhook's name.
import type { Operation, Outgoing } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import { methodsOf, type OperationReader, operationOf, type ReadOperation, withIds } from './operations.ts';
import { type Json, nodeAt } from './refs.ts';
import { withSource } from './sources.ts';

const obj = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

type Found = {
  kind: Outgoing['kind'];
  name: string;
  from?: string;
  read: ReadOperation;
  pointer: string;
  idPath: string;
};

function callbacksOf(reader: OperationReader, op: Operation, pointer: string, bundle: Json): Found[] {
  const operation = obj(nodeAt(bundle, pointer));
  return Object.entries(obj(operation.callbacks)).flatMap(([name, raw]) =>
    Object.entries(reader.r.at(raw)).flatMap(([expression, rawItem]) => {
      const item = reader.r.at(rawItem);
      const at = `${pointer}/callbacks/${escapePointerFragment(name)}/${escapePointerFragment(expression)}`;
      return methodsOf(item).map((method) => ({
        kind: 'callback' as const,
        name,
        from: op.key,
        read: operationOf(reader, item, method, expression, []),
        pointer: `${at}/${method.toLowerCase()}`,
        idPath: `/${op.operationId}/${name}`,
      }));
    }),
  );
}

function webhooksOf(reader: OperationReader, bundle: Json): Found[] {
  return Object.entries(obj(bundle.webhooks)).flatMap(([name, rawItem]) => {
    const item = reader.r.at(rawItem);
    return methodsOf(item).map((method) => ({
      kind: 'webhook' as const,
      name,
      read: operationOf(reader, item, method, name, reader.security),
      pointer: `#/webhooks/${escapePointerFragment(name)}/${method.toLowerCase()}`,
      idPath: `/${name}`,
    }));
  });
}

/**
 * Callbacks of `operations` (each at its pointer in the bundle) and the document's webhooks; `place` says
 * where a pointer of the bundle is written.
 */
export function outgoingOf(
  reader: OperationReader,
  bundle: Json,
  operations: readonly Operation[],
  pointers: ReadonlyMap<string, string>,
  place: (pointer: string) => Operation['source'],
): Outgoing[] {
  const found = [
    ...operations.flatMap((op) =>
      op.callbacks ? callbacksOf(reader, op, pointers.get(op.key) ?? '', bundle) : [],
    ),
    ...webhooksOf(reader, bundle),
  ];
  // Ids are settled among the outgoing requests, each named by where it comes from.
  const ids = withIds(found.map((f) => ({ ...f.read, path: f.idPath, key: `${f.kind} ${f.pointer}` })));
  return found.map((f, i) => {
    const { givenId: _, ...read } = f.read;
    const { operationId, operationIdDerived } = ids[i] as Operation;
    const operation: Operation = withSource(
      { ...read, operationId, ...(operationIdDerived && { operationIdDerived }), components: [] },
      () => place(f.pointer),
    );
    return { kind: f.kind, name: f.name, ...(f.from && { from: f.from }), operation };
  });
}
