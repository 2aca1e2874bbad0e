// The engines' hook points as OpenTelemetry GenAI spans and metrics. The hooks are plain
// callbacks, so the spans are joined by the ids the events carry (loop id, request id, call
// id): a chat or tool span's parent is its loop's or step's span, else the active context.

import type {
  LoopEndEvent,
  LoopStartEvent,
  ObserveOptions,
  RequestEvent,
  ResponseEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  ToolLoopUsage,
} from '@crosswire/engines';
import {
  type Attributes,
  type Context,
  context,
  type Histogram,
  type MeterProvider,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_CROSSWIRE_ATTEMPTS,
  ATTR_CROSSWIRE_COST_USD,
  ATTR_CROSSWIRE_ITERATION,
  ATTR_CROSSWIRE_LOOP_ITERATIONS,
  ATTR_CROSSWIRE_STEP_KEY,
  ATTR_CROSSWIRE_STEP_KIND,
  ATTR_CROSSWIRE_TOOL_APPROVAL_EDITED,
  ATTR_CROSSWIRE_TOOL_APPROVED,
  ATTR_CROSSWIRE_TOOL_FAILURE,
  ATTR_CROSSWIRE_TOOL_SERVER,
  ATTR_CROSSWIRE_WIRE,
  TOOL_DENIED_ERROR_TYPE,
  TOOL_ERROR_TYPE,
} from './attributes.js';
import { inputContent, outputContent, summarized } from './content.js';
import { errorType, providerName, replyIdentity, serverOf } from './facts.js';
import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_AGENT_NAME,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_REQUEST_STREAM,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_RESPONSE_ID,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_TOOL_TYPE,
  ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ERROR_TYPE_VALUE_OTHER,
  GEN_AI_OPERATION_NAME_VALUE_CHAT,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
  GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
  GEN_AI_TOKEN_TYPE_VALUE_INPUT,
  GEN_AI_TOKEN_TYPE_VALUE_OUTPUT,
  METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
  METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
} from './semconv.js';

/** The instrumentation scope of every span and metric (the package's name). */
export const INSTRUMENTATION_NAME = '@crosswire/otel';

/** Spans kept open at once per `otelHooks` (loops, steps, requests, tool calls). */
export const MAX_OPEN_SPANS = 10_000;

/** The bucket boundaries the conventions give for `gen_ai.client.token.usage`. */
export const TOKEN_USAGE_BUCKETS: readonly number[] = [
  1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];
/** The bucket boundaries the conventions give for `gen_ai.client.operation.duration` (seconds). */
export const OPERATION_DURATION_BUCKETS: readonly number[] = [
  0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
];

export interface OtelHooksOptions {
  /** Where spans go. Default: the global tracer provider (`trace.getTracerProvider()`). */
  readonly tracerProvider?: TracerProvider;
  /**
   * Where the metrics go. Default: the global meter provider at the time `otelHooks` is
   * called (start the SDK first, or pass it here).
   */
  readonly meterProvider?: MeterProvider;
  /**
   * Record message content: the input and output messages and system instructions on chat
   * spans, the arguments and result on tool spans, every base64 payload summarised as a size
   * note. Default false: content is often personal data, and large.
   */
  readonly captureContent?: boolean;
  /** Names the agent: spans `invoke_agent {agentName}` with `gen_ai.agent.name`. Default none. */
  readonly agentName?: string;
}

/** The hooks `otelHooks` returns: pass them to `createEngine`, and to `runToolStep`. */
export type OtelHooks = Required<
  Pick<
    ObserveOptions,
    'onRequest' | 'onResponse' | 'onLoopStart' | 'onLoopEnd' | 'onToolCallStart' | 'onToolCallEnd'
  >
>;

interface OpenChat {
  readonly span: Span;
  readonly attributes: Attributes;
}

/**
 * Hooks that turn an engine's work into OpenTelemetry GenAI spans and metrics: `chat {model}`
 * per provider request, `execute_tool {name}` per tool call, `invoke_agent` around each tool
 * loop and each step of the step API; `gen_ai.client.token.usage` and
 * `gen_ai.client.operation.duration` per request. Spread them into `createEngine` (and into a
 * tool step's options); a loop span's parent is the context active when the loop starts.
 */
export function otelHooks(options: OtelHooksOptions = {}): OtelHooks {
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(
    INSTRUMENTATION_NAME,
  );
  const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(
    INSTRUMENTATION_NAME,
  );
  const tokenUsage: Histogram = meter.createHistogram(METRIC_GEN_AI_CLIENT_TOKEN_USAGE, {
    description: 'Measures number of input and output tokens used',
    unit: '{token}',
    advice: { explicitBucketBoundaries: [...TOKEN_USAGE_BUCKETS] },
  });
  const operationDuration: Histogram = meter.createHistogram(
    METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
    {
      description: 'GenAI operation duration',
      unit: 's',
      advice: { explicitBucketBoundaries: [...OPERATION_DURATION_BUCKETS] },
    },
  );
  const capture = options.captureContent === true;
  const runs = new OpenSpans<Span>();
  const chats = new OpenSpans<OpenChat>();
  const tools = new OpenSpans<Span>();

  /** The context of the loop or step span a chat or tool span belongs to, else the active one. */
  const parentOf = (runKey: string | undefined, loopId: string | undefined): Context => {
    const span = (runKey && runs.get(runKey)) || (loopId && runs.get(loopId)) || undefined;
    return span ? trace.setSpan(context.active(), span) : context.active();
  };

  return {
    onLoopStart(event: LoopStartEvent) {
      const step = event.step;
      const name = options.agentName
        ? `${GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT} ${options.agentName}`
        : GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT;
      const span = tracer.startSpan(
        name,
        {
          kind: SpanKind.INTERNAL,
          attributes: defined({
            [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_INVOKE_AGENT,
            [ATTR_GEN_AI_PROVIDER_NAME]: event.provider && providerName(event.provider),
            [ATTR_GEN_AI_REQUEST_MODEL]: event.model,
            [ATTR_GEN_AI_CONVERSATION_ID]: event.loopId,
            [ATTR_GEN_AI_AGENT_NAME]: options.agentName,
            [ATTR_CROSSWIRE_WIRE]: event.wire,
            [ATTR_CROSSWIRE_STEP_KIND]: step?.kind,
            [ATTR_CROSSWIRE_STEP_KEY]: step?.key,
          }),
        },
        context.active(),
      );
      runs.open(runKey(event), span, abandon);
    },

    onLoopEnd(event: LoopEndEvent) {
      const span = runs.close(runKey(event));
      if (span === undefined) return;
      const result = event.result;
      if (result !== undefined) {
        span.setAttributes(
          defined({
            ...usageAttributes(result.usage),
            [ATTR_CROSSWIRE_COST_USD]: result.cost?.total,
            [ATTR_CROSSWIRE_LOOP_ITERATIONS]: result.turns.length,
          }),
        );
      }
      endWith(span, event.error);
    },

    onRequest(event: RequestEvent) {
      const server = serverOf(event.url);
      const attributes = defined({
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_CHAT,
        [ATTR_GEN_AI_PROVIDER_NAME]: providerName(event.provider),
        [ATTR_GEN_AI_REQUEST_MODEL]: event.model,
        [ATTR_SERVER_ADDRESS]: server?.address,
        [ATTR_SERVER_PORT]: server?.port,
      });
      const modelStep =
        event.loopId === undefined || event.iteration === undefined
          ? undefined
          : `${event.loopId}\u0000model\u0000${event.iteration}`;
      const span = tracer.startSpan(
        `${GEN_AI_OPERATION_NAME_VALUE_CHAT} ${event.model}`,
        {
          kind: SpanKind.CLIENT,
          attributes: defined({
            ...attributes,
            [ATTR_GEN_AI_REQUEST_STREAM]: event.stream,
            [ATTR_GEN_AI_CONVERSATION_ID]: event.loopId,
            [ATTR_CROSSWIRE_WIRE]: event.wire,
            [ATTR_CROSSWIRE_ITERATION]: event.iteration,
          }),
        },
        parentOf(modelStep, event.loopId),
      );
      if (capture) {
        const { system, input } = inputContent(event.messages);
        span.setAttribute(ATTR_GEN_AI_INPUT_MESSAGES, JSON.stringify(input));
        if (system.length > 0) {
          span.setAttribute(ATTR_GEN_AI_SYSTEM_INSTRUCTIONS, JSON.stringify(system));
        }
      }
      chats.open(event.requestId, { span, attributes }, (open) => abandon(open.span));
    },

    onResponse(event: ResponseEvent) {
      const open = chats.close(event.requestId);
      if (open === undefined) return;
      const { span } = open;
      const identity =
        event.error === undefined ? replyIdentity(event.wire, event.body) : undefined;
      const metricAttributes = defined({
        ...open.attributes,
        [ATTR_GEN_AI_RESPONSE_MODEL]: identity?.model,
        [ATTR_ERROR_TYPE]:
          event.error === undefined ? undefined : errorType(event.error, ERROR_TYPE_VALUE_OTHER),
      });
      span.setAttributes(
        defined({
          [ATTR_GEN_AI_RESPONSE_MODEL]: identity?.model,
          [ATTR_GEN_AI_RESPONSE_ID]: identity?.id,
          [ATTR_GEN_AI_RESPONSE_FINISH_REASONS]:
            event.finishReason === undefined ? undefined : [event.finishReason],
          ...usageAttributes(event.usage),
          [ATTR_CROSSWIRE_COST_USD]: event.cost?.total,
          [ATTR_HTTP_RESPONSE_STATUS_CODE]: event.status,
          [ATTR_CROSSWIRE_ATTEMPTS]: event.attempts,
        }),
      );
      if (capture && event.response !== undefined) {
        span.setAttribute(
          ATTR_GEN_AI_OUTPUT_MESSAGES,
          JSON.stringify(outputContent(event.response)),
        );
      }
      operationDuration.record(event.durationMs / 1000, metricAttributes);
      const usage = event.usage;
      if (usage?.inputTokens !== undefined) {
        tokenUsage.record(usage.inputTokens, {
          ...metricAttributes,
          [ATTR_GEN_AI_TOKEN_TYPE]: GEN_AI_TOKEN_TYPE_VALUE_INPUT,
        });
      }
      if (usage?.outputTokens !== undefined) {
        tokenUsage.record(usage.outputTokens, {
          ...metricAttributes,
          [ATTR_GEN_AI_TOKEN_TYPE]: GEN_AI_TOKEN_TYPE_VALUE_OUTPUT,
        });
      }
      endWith(span, event.error);
    },

    onToolCallStart(event: ToolCallStartEvent) {
      const key = toolKey(event);
      const span = tracer.startSpan(
        `${GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL} ${event.toolCall.name}`,
        {
          kind: SpanKind.INTERNAL,
          attributes: defined({
            [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
            [ATTR_GEN_AI_TOOL_NAME]: event.toolCall.name,
            [ATTR_GEN_AI_TOOL_CALL_ID]: event.toolCall.id === '' ? undefined : event.toolCall.id,
            [ATTR_GEN_AI_TOOL_TYPE]: 'function',
            [ATTR_GEN_AI_CONVERSATION_ID]: event.loopId,
            [ATTR_CROSSWIRE_ITERATION]: event.iteration,
          }),
        },
        parentOf(key, event.loopId),
      );
      if (capture) {
        span.setAttribute(
          ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
          JSON.stringify(summarized(event.toolCall.arguments)),
        );
      }
      tools.open(key, span, abandon);
    },

    onToolCallEnd(event: ToolCallEndEvent) {
      const span = tools.close(toolKey(event));
      if (span === undefined) return;
      const approval = event.approval;
      span.setAttributes(
        defined({
          [ATTR_CROSSWIRE_TOOL_SERVER]: event.server,
          [ATTR_CROSSWIRE_TOOL_FAILURE]: event.failure,
          [ATTR_CROSSWIRE_TOOL_APPROVED]: approval?.approved,
          [ATTR_CROSSWIRE_TOOL_APPROVAL_EDITED]: approval?.edited,
        }),
      );
      if (capture && event.result !== undefined && !event.result.isError) {
        span.setAttribute(
          ATTR_GEN_AI_TOOL_CALL_RESULT,
          JSON.stringify(summarized(event.result.content)),
        );
      }
      if (event.error !== undefined) return endWith(span, event.error);
      if (!event.isError) return endWith(span, undefined);
      const type =
        approval?.approved === false ? TOOL_DENIED_ERROR_TYPE : (event.failure ?? TOOL_ERROR_TYPE);
      span.setAttribute(ATTR_ERROR_TYPE, type);
      span.setStatus({ code: SpanStatusCode.ERROR, message: type });
      span.end();
    },
  };
}

/** A loop's span key: its loop id; a step's: its loop, kind, iteration (and call). */
function runKey(event: LoopStartEvent): string {
  const step = event.step;
  if (step === undefined) return event.loopId;
  return step.kind === 'model'
    ? `${event.loopId}\u0000model\u0000${step.iteration}`
    : `${event.loopId}\u0000tool\u0000${step.iteration}\u0000${step.callId ?? ''}`;
}

/** A tool call's span key, which is also the key of the tool step that runs it. */
function toolKey(event: ToolCallStartEvent): string {
  return `${event.loopId}\u0000tool\u0000${event.iteration}\u0000${event.callId}`;
}

/** Ends a span: OK, or ERROR with `error.type` and the (credential-free) message. */
function endWith(span: Span, error: Error | undefined): void {
  if (error !== undefined) {
    span.setAttribute(ATTR_ERROR_TYPE, errorType(error, ERROR_TYPE_VALUE_OTHER));
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  }
  span.end();
}

/** A span whose end never came (a stream dropped unread), ended when the table is full. */
function abandon(span: Span): void {
  span.setAttribute(ATTR_ERROR_TYPE, 'abandoned');
  span.setStatus({ code: SpanStatusCode.ERROR, message: 'the span was never ended' });
  span.end();
}

function usageAttributes(usage: ResponseEvent['usage'] | ToolLoopUsage): Attributes {
  if (usage === undefined) return {};
  return defined({
    [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: usage.inputTokens,
    [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: usage.outputTokens,
    [ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: usage.cacheReadTokens,
    [ATTR_GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: usage.cacheWriteTokens,
  });
}

/** The attributes whose value is set (OpenTelemetry drops undefined ones, but not everywhere). */
function defined(attributes: Record<string, Attributes[string]>): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== '') kept[key] = value;
  }
  return kept;
}

/**
 * Spans waiting for their end event, by key, at most `MAX_OPEN_SPANS`: when full, the oldest
 * is ended as abandoned (an end that never comes must not grow memory without bound).
 */
class OpenSpans<T> {
  readonly #open = new Map<string, { value: T; abandon: (value: T) => void }>();

  open(key: string, value: T, abandon: (value: T) => void): void {
    if (this.#open.size >= MAX_OPEN_SPANS) {
      const [oldest] = this.#open;
      if (oldest !== undefined) {
        this.#open.delete(oldest[0]);
        oldest[1].abandon(oldest[1].value);
      }
    }
    this.#open.set(key, { value, abandon });
  }

  get(key: string): T | undefined {
    return this.#open.get(key)?.value;
  }

  close(key: string): T | undefined {
    const entry = this.#open.get(key);
    this.#open.delete(key);
    return entry?.value;
  }
}
