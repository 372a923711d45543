// Operations that come or go. A removed path operation breaks every caller (oasdiff's
// api-removed-without-deprecation; `path-removed` when its whole path went); a removed webhook or callback
// breaks receivers, who stop getting the calls they built for. An added one is an addition.
import type { Sides } from '../../compare/context.ts';
import type { Fact } from '../../compare/facts.ts';
import type { EffectiveOperation } from '../../effective/operation-view.ts';
import { code } from '../../text/plain.ts';
import type { OperationRule } from '../rule.ts';

function removed(op: EffectiveOperation, sides: Sides): Fact {
  const deprecated = op.node.deprecated === true;
  if (op.owner === 'webhook')
    return {
      rule: 'webhook-removed',
      message: `Webhook ${code(op.path)} (${op.method}) removed: receivers no longer get it.`,
      at: { side: 'base', pointer: op.at },
      impact: 'major',
      oasdiff: 'webhook-removed',
    };
  if (op.owner === 'callback')
    return {
      rule: 'callback-removed',
      message: `Callback ${code(op.path)} (${op.method}) removed: receivers no longer get it.`,
      at: { side: 'base', pointer: op.at },
      impact: 'major',
    };
  const pathGone = sides.head.at(op.itemAt) === undefined && op.itemAt.startsWith('#/paths/');
  return pathGone
    ? {
        rule: 'path-removed',
        message: `Path ${code(op.path)} was removed.`,
        at: { side: 'base', pointer: op.itemAt },
        impact: 'major',
        oasdiff: deprecated ? 'api-path-removed-with-deprecation' : 'api-path-removed-without-deprecation',
      }
    : {
        rule: 'operation-removed',
        message: `Operation ${code(`${op.method} ${op.path}`)} was removed.`,
        at: { side: 'base', pointer: op.at },
        impact: 'major',
        oasdiff: deprecated ? 'api-removed-with-deprecation' : 'api-removed-without-deprecation',
      };
}

function added(op: EffectiveOperation): Fact {
  const what =
    op.owner === 'webhook'
      ? `Webhook ${code(op.path)} (${op.method})`
      : op.owner === 'callback'
        ? `Callback ${code(op.path)} (${op.method})`
        : 'Operation';
  return {
    rule:
      op.owner === 'webhook'
        ? 'webhook-added'
        : op.owner === 'callback'
          ? 'callback-added'
          : 'operation-added',
    message: `${what} added.`,
    at: { side: 'head', pointer: op.at },
    impact: 'minor',
    oasdiff: op.owner === 'webhook' ? 'webhook-added' : op.owner === 'path' ? 'endpoint-added' : undefined,
  };
}

export const existence: OperationRule = {
  level: 'operation',
  name: 'existence',
  produces: [
    'path-removed',
    'operation-removed',
    'webhook-removed',
    'callback-removed',
    'operation-added',
    'webhook-added',
    'callback-added',
  ],
  covers: [
    'a path removed (all its operations), an operation removed: breaking',
    'a webhook (3.1) or a callback removed: breaking for its receivers, named under the webhook or callback itself',
    'an operation, webhook or callback added: non-breaking',
  ],
  oasdiff: [
    'api-path-removed-without-deprecation',
    'api-removed-without-deprecation',
    'webhook-removed',
    'webhook-added',
    'endpoint-added',
  ],
  compare(before, after, sides) {
    if (before && !after) return [removed(before, sides)];
    if (after && !before) return [added(after)];
    return [];
  },
};
