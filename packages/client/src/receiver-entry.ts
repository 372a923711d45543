// `@banking-api/client/receiver`: receive the platform's notifications in a Node service (receiver.ts, the
// handler; receiver-server.ts, a server in one call). Loads node:https and the shared redaction only.
export {
  createWebhookHandler,
  type Notification,
  type ReceiverOptions,
  type WebhookHandler,
} from './receiver.js';
export {
  startWebhookReceiver,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './receiver-server.js';
