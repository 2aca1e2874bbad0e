/**
 * OpenTelemetry for Crosswire engines: GenAI semantic-convention spans for every model call,
 * tool call and tool loop, and the conventions' token and duration metrics, from the engines'
 * hook points. `@opentelemetry/api` is the only peer dependency.
 *
 * @module @crosswire/otel
 */

export * from './attributes.js';
export { PROVIDER_NAMES, REPLY_FIELDS } from './facts.js';
export {
  INSTRUMENTATION_NAME,
  MAX_OPEN_SPANS,
  OPERATION_DURATION_BUCKETS,
  type OtelHooks,
  type OtelHooksOptions,
  otelHooks,
  TOKEN_USAGE_BUCKETS,
} from './hooks.js';
