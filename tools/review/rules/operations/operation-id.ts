// An operationId changed or removed: the generated types name the operation by it (`operations['sendTed']`),
// so code that uses that name stops compiling. One given where there was none is an addition.
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

export const operationId: OperationRule = {
  level: 'operation',
  name: 'operation-id',
  produces: ['operation-id-changed'],
  covers: [
    "an operationId changed or removed (the generated types' name for the operation): breaking; one added: non-breaking",
  ],
  oasdiff: ['api-operation-id-removed', 'api-operation-id-added'],
  compare(before, after) {
    if (!before || !after) return [];
    const [a, b] = [before.node.operationId, after.node.operationId];
    if (a === b) return [];
    const at = { side: 'head' as const, pointer: `${after.at}/operationId` };
    if (typeof a !== 'string')
      return [
        {
          rule: 'operation-id-changed',
          message: `operationId ${code(String(b))} given.`,
          at,
          impact: 'minor',
          oasdiff: 'api-operation-id-added',
        },
      ];
    return [
      {
        rule: 'operation-id-changed',
        message:
          typeof b === 'string'
            ? `operationId changed from ${code(a)} to ${code(b)}.`
            : `operationId ${code(a)} removed.`,
        at,
        impact: 'major',
        oasdiff: 'api-operation-id-removed',
      },
    ];
  },
};
