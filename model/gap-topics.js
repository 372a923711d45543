// The vocabulary of `x-unspecified` topics: the one list. The house lint rule (Spectral, plain JS) and the
// TypeScript steps (docs' open questions, review) both import it; each topic maps to its reader-facing title.
export const GAP_TOPICS = Object.freeze({
  'required-fields': 'Required fields',
  response: 'Response',
  'allowed-values': 'Allowed values',
  transitions: 'Status transitions',
  'status-values': 'Status values',
  limits: 'Limits',
  'error-codes': 'Error codes',
  'idempotency-replay': 'Repeated idempotency identifier',
  scopes: 'Token scopes',
  'event-payloads': 'Events and deliveries',
  envelope: 'Envelopes',
  'auth-issuance': 'Token and certificate issuance',
  versioning: 'Versioning',
});
