// Tracing recipes of the README, for real: OpenTelemetry's undici instrumentation makes a client span per
// attempt of a call to the real mock (over mTLS) and injects `traceparent`; without OpenTelemetry, a
// middleware passes an inbound `traceparent` on. The call's `x-request-id` is kept either way.
import { AsyncLocalStorage } from 'node:async_hooks';
import { context, SpanKind, trace } from '@opentelemetry/api';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMock, type TestMock } from '../../../test/support/mock-server.ts';
import { createBankingClient, type Middleware } from '../src/index.js';
import { json, makePki, type Pki, startServer, type TestServer } from './harness.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let instrumentation: UndiciInstrumentation;
let unregister: () => void;
let mock: TestMock;
let pki: Pki;
let server: TestServer;

beforeAll(async () => {
  provider.register();
  instrumentation = new UndiciInstrumentation();
  unregister = registerInstrumentations({ instrumentations: [instrumentation], tracerProvider: provider });
  [mock, pki] = await Promise.all([startTestMock(), makePki()]);
  server = await startServer(pki);
}, 60_000);
afterAll(async () => {
  unregister(); // the diagnostics channels are the process's: other test files must not be traced
  instrumentation.disable();
  await Promise.all([mock?.stop(), server?.close(), provider.shutdown()]);
  trace.disable();
  context.disable();
});

describe('OpenTelemetry (undici instrumentation)', () => {
  it('a call to the mock is a client span under the caller’s span, with method, URL and status', async () => {
    const { mock: m } = mock;
    const client = createBankingClient({
      baseUrl: mock.url,
      tls: { cert: m.clients.sandbox.cert, key: m.clients.sandbox.key, ca: m.ca },
      token: await mock.token(),
    });
    const tracer = trace.getTracer('consumer');
    const parent = tracer.startSpan('list logs');
    const { response } = await context.with(trace.setSpan(context.active(), parent), () =>
      client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-1' } } }),
    );
    parent.end();
    expect(response.status).toBe(200);
    const spans = exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span?.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(span?.spanContext().traceId).toBe(parent.spanContext().traceId);
    expect(span?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
    });
    expect(String(span?.attributes['url.full'])).toContain('/hb/webhook/logs');
    await client.close();
  });

  it('injects traceparent next to the call’s x-request-id', async () => {
    server.handle((req, res) => json(res, 200, { data: [], seen: req.headers }));
    const client = createBankingClient({
      baseUrl: server.url,
      tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
      token: 't',
    });
    const parent = trace.getTracer('consumer').startSpan('outer');
    await context.with(trace.setSpan(context.active(), parent), () =>
      client.GET('/hb/webhook/logs', { params: { query: { webhookId: 'wh-1' } } }),
    );
    parent.end();
    const headers = server.seen.at(-1)?.headers ?? {};
    expect(headers.traceparent).toMatch(new RegExp(`^00-${parent.spanContext().traceId}-[0-9a-f]{16}-01$`));
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await client.close();
  });
});

describe('traceparent passthrough by middleware (no OpenTelemetry)', () => {
  it('the inbound request’s traceparent goes out on the client’s calls; x-request-id is kept', async () => {
    instrumentation.disable(); // this recipe stands alone
    try {
      server.handle((_req, res) => json(res, 200, { data: [] }));
      const inbound = new AsyncLocalStorage<{ traceparent?: string }>();
      const passTrace: Middleware = {
        onRequest({ request }) {
          const traceparent = inbound.getStore()?.traceparent;
          if (traceparent) request.headers.set('traceparent', traceparent);
        },
      };
      const client = createBankingClient({
        baseUrl: server.url,
        tls: { cert: pki.client.cert, key: pki.client.key, ca: pki.ca.cert },
        token: 't',
      });
      client.use(passTrace);
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      await inbound.run({ traceparent }, () =>
        client.GET('/hb/webhook/logs', {
          params: { query: { webhookId: 'wh-1' } },
          headers: { 'x-request-id': 'inbound-req-7' },
        }),
      );
      const headers = server.seen.at(-1)?.headers ?? {};
      expect(headers.traceparent).toBe(traceparent);
      expect(headers['x-request-id']).toBe('inbound-req-7');
      await client.close();
    } finally {
      instrumentation.enable();
    }
  });
});
