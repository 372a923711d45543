// Which operations of the contract model a JSON pointer of the diff engine's report names.

import { type ContractModel, type Operation, operationsReaching } from '@banking-api/contract';
import { escapePointerFragment } from '@redocly/openapi-core';
import { pointerSegments } from '../../model/pointer.ts';

/** Where a change belongs when it is part of no operation (info, servers, an unused component...). */
export const DOCUMENT = 'document';

/** The model's operation at `path` whose method is the pointer segment `method` ("get"), if any. */
export const operationAt = (model: ContractModel, path: string, method: string | undefined) =>
  model.operations.find((op) => op.path === path && op.method.toLowerCase() === method);

/** Operations a pointer under `#/paths/<path>` names: its operation, or every operation of that path. */
function pathOperations(model: ContractModel, path: string, method: string | undefined): string[] {
  const operation = operationAt(model, path, method);
  if (operation) return [operation.key];
  const keys = model.operations.filter((op) => op.path === path).map((op) => op.key);
  return keys.length ? keys : [`${path} (path)`];
}

/** Operations reaching `#/components/<kind>/<name>`, directly or through other components. */
function componentUsers(model: ContractModel, kind: string, name: string): Operation[] {
  return operationsReaching(model, `#/components/${kind}/${escapePointerFragment(name)}`);
}

/**
 * Operations a pointer (into the document `model` was read from) belongs to: the operation under /paths,
 * every operation of a path item, or every operation reaching a component. Anything else is the document.
 */
export function operationsAt(pointer: string, model: ContractModel): string[] {
  const [root, first, second] = pointerSegments(pointer);
  if (root === 'paths' && first !== undefined) return pathOperations(model, first, second);
  if (root === 'components' && first !== undefined && second !== undefined) {
    const users = componentUsers(model, first, second);
    return users.length ? users.map((op) => op.key) : [DOCUMENT];
  }
  return [DOCUMENT];
}
