// The server delivers: with a webhook receiver in the run (verify --webhook-receiver, which the team's
// webhook points at), `try` is sent with a body of the run's own, and that body must arrive at the receiver
// in time, over mutual TLS; then `retry` of that delivery's log, and `resend` of its notification, must each
// deliver it again. What arrived is reported. Quiet without a receiver (it is opt-in); an operation the
// contract lacks, or an identifier the server's answers do not show and the fixtures do not give, is noted.
import type { Operation } from '@banking-api/contract';
import type { CheckContext } from '../../types.js';
import type { ProbeCheck } from '../check.js';
import { CHECK, carries, identifierOf, runStep, tryBody } from './delivery-steps.js';

const opOf = (ctx: CheckContext, id: string): Operation | undefined =>
  ctx.model.operations.find((op) => op.operationId === id);

export const webhookDelivered: ProbeCheck = {
  id: CHECK,
  kind: 'probe',
  scope: 'contract',
  level: 'error',
  rationale: 'try, retry and resend deliver the notification to the webhook, in time, over mutual TLS',
  run: async (ctx: CheckContext) => {
    const watch = ctx.deliveries;
    if (!watch) return;
    const tryOp = opOf(ctx, 'tryWebhook');
    if (!tryOp)
      return ctx.findings.note('contract', CHECK, 'skipped: the contract has no tryWebhook operation');
    const body = tryBody(ctx.options.seed);
    const { webhookId } = watch;
    const tried = await runStep(ctx, watch, {
      name: 'try',
      op: tryOp,
      values: { webhookId },
      body,
      delivers: carries(body),
    });
    const found = { tryOp, tried, logs: opOf(ctx, 'listWebhookLogs'), webhookId, mark: body.mark };
    const again = [
      { name: 'retry', operationId: 'retryWebhook', field: 'webhookLogId' },
      { name: 'resend', operationId: 'resendNotification', field: 'notificationId' },
    ] as const;
    for (const step of again) {
      const op = opOf(ctx, step.operationId);
      if (!op) continue;
      const id = await identifierOf(ctx, step.field, found, op);
      if (!id) {
        const why = `skipped ${step.name}: no ${step.field} of try's delivery in the server's answers (the contract does not show their shape): give one in --fixtures`;
        ctx.findings.note(op, CHECK, why);
        continue;
      }
      await runStep(ctx, watch, {
        name: step.name,
        op,
        values: {},
        body: { [step.field]: id },
        delivers: carries(body),
      });
    }
  },
};
