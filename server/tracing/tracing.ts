/**
 * OpenTelemetry traces, where an operator wants them (issue 27, decision 025): with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, each request is a span with its database queries and photo
 * storage calls as children, sent over OTLP/HTTP. Unset, nothing is registered and every span
 * below comes from the API's no-op tracer: no allocation worth the name, nothing sent.
 *
 * The spans are made by our own code at the three places everything passes through (the Express
 * app, Kysely's query log, the storage port), not by patching modules: the server is an ES module
 * bundle, which monkey-patching instrumentations reach only through loader hooks.
 */
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";
import type { NodeTracerProvider, SpanProcessor } from "@opentelemetry/sdk-trace-node";

const tracer = () => trace.getTracer("mandi");

let provider: NodeTracerProvider | undefined;

/**
 * Starts exporting when an endpoint is configured (or a processor is given, as tests do).
 * OTLP's own variables (OTEL_EXPORTER_OTLP_HEADERS, …) are read by the exporter. The SDK is loaded
 * only then: a worker without tracing is spared its memory (issue 27).
 */
export async function startTracing(options: { endpoint?: string; processor?: SpanProcessor; serviceName?: string }): Promise<boolean> {
  if (provider || (!options.endpoint && !options.processor)) return false;
  const [{ BatchSpanProcessor, NodeTracerProvider }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-trace-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  if (provider) return false;
  const processor = options.processor ?? new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(options.endpoint!) }));
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName ?? "mandi" }),
    spanProcessors: [processor],
  });
  provider.register();
  return true;
}

/** The OTLP/HTTP convention: the base endpoint gets /v1/traces. */
function tracesUrl(endpoint: string): string {
  return /\/v1\/traces\/?$/.test(endpoint) ? endpoint : `${endpoint.replace(/\/+$/, "")}/v1/traces`;
}

export async function stopTracing(): Promise<void> {
  const current = provider;
  provider = undefined;
  if (!current) return;
  await current.shutdown();
  trace.disable();
  context.disable();
}

export function tracingOn(): boolean {
  return provider !== undefined;
}

/** A server span for one request; `run` goes on inside it, so the spans below become its children. */
export function startRequestSpan(method: string, run: () => void): Span | undefined {
  if (!provider) {
    run();
    return undefined;
  }
  const span = tracer().startSpan(`${method} request`, { kind: SpanKind.SERVER, attributes: { "http.request.method": method } });
  context.with(trace.setSpan(context.active(), span), run);
  return span;
}

/** Names the span by its route template once routing is done, as the metrics label it. */
export function endRequestSpan(span: Span | undefined, done: { method: string; route: string; status: number; requestId?: string }): void {
  if (!span) return;
  span.updateName(`${done.method} ${done.route}`);
  span.setAttributes({
    "http.route": done.route,
    "http.response.status_code": done.status,
    ...(done.requestId ? { "mandi.request_id": done.requestId } : {}),
  });
  if (done.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** A finished query, as Kysely reports it: a client span that began `durationMs` ago. */
export function recordQuerySpan(query: { sql: string; durationMs: number; engine: string; operation: string; failed: boolean }): void {
  if (!provider) return;
  const end = Date.now();
  const span = tracer().startSpan(`db ${query.operation}`, {
    kind: SpanKind.CLIENT,
    startTime: end - query.durationMs,
    attributes: { "db.system.name": query.engine, "db.operation.name": query.operation, "db.query.text": query.sql.slice(0, 2000) },
  });
  if (query.failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(end);
}

/** Runs a storage call inside a client span (photo storage: the local folder or S3). */
export async function inSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  if (!provider) return run();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}
