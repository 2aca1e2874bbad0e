import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FilePart,
  LanguageModelV4Message,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
  LanguageModelV4TextPart,
} from '@ai-sdk/provider';
import { carriesNative, emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import { type ToolImage, toolResultImages } from '@crosswire/dialects';
import type { ToolResult, ToolResultToOptions } from '@crosswire/tool-result';
import {
  deliveryOf,
  type ModelFacts,
  type ModelIdentity,
  type ModelLookupOptions,
  modelFacts,
} from './capabilities.js';
import { malformedResultOutput, OUTPUT_WRITERS, toolResultOf } from './convert.js';

/** Options of {@link crosswireMiddleware}. */
export interface CrosswireMiddlewareOptions extends ModelLookupOptions {
  /**
   * How a tool's images reach a model that sees images when the wire's tool result cannot
   * carry them (Chat Completions and its kin, Ollama, Gemini 2.x). Default: the registry
   * provider's `tool_result_image_fallback` quirk, else `user-message` (one user message with
   * the images right after the tool results), as `@crosswire/engines` does. `none` sends the
   * text placeholder only.
   */
  readonly imageFallback?: 'none' | 'user-message';
  /** Told about every degradation (see the README's warning list). Default: one process warning per kind. */
  readonly onWarning?: WarningHandler;
}

/** What one call needs to know, worked out once per model. */
interface Plan {
  readonly wire: WireFormat;
  readonly facts: ModelFacts;
  readonly toOptions: ToolResultToOptions;
  /** The images go in a user message after the results (openai, ollama), or after the functionResponses (gemini 2.x). */
  readonly fallbackImages: boolean;
  readonly fallbackPdfs: boolean;
  readonly seesImages: boolean;
}

/** The same sentence `@crosswire/dialects` writes before the fallback images. */
function label(media: readonly ToolImage[], what = 'image(s)'): string {
  const names = media.map((item) =>
    item.callId ? `${item.toolName} (${item.callId})` : item.toolName,
  );
  return `The tool results above returned ${media.length} ${what}, attached here in order: ${names.join(', ')}.`;
}

function planFor(model: ModelIdentity, options: CrosswireMiddlewareOptions): Plan | undefined {
  const facts = modelFacts(model, options);
  if (facts.wire === undefined) {
    emitWarning(options.onWarning, {
      code: 'ai_sdk_unknown_provider',
      message: `the AI SDK provider "${model.provider}" maps to no Crosswire wire; its tool results pass through unchanged (pass options.wire)`,
      details: { provider: model.provider, model: model.modelId },
    });
    return undefined;
  }
  if (!facts.known) {
    emitWarning(options.onWarning, {
      code: 'unknown_model',
      message: `the registry does not know model "${facts.model}" on provider "${facts.provider ?? model.provider}"; tool-result images and PDFs go as text placeholders`,
      details: { provider: facts.provider, model: facts.model },
    });
  }
  const { wire, flags } = facts;
  const nativeImages = carriesNative(wire, 'image') && flags.tool_result_images;
  // The registry's answer, the one the engines send by: the user-message form only (the
  // middleware has no tool-message form).
  const follows = (kind: 'image' | 'pdf') =>
    deliveryOf(facts, kind, options.imageFallback).delivery === 'user-message';
  const fallbackImages = !nativeImages && follows('image');
  return {
    wire,
    facts,
    toOptions: {
      imageInput: nativeImages,
      nativePdf: flags.tool_result_pdf,
      sourceBlocks: facts.quirks?.source_blocks ?? true,
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    },
    fallbackImages,
    fallbackPdfs: !flags.tool_result_pdf && follows('pdf'),
    seesImages: nativeImages || fallbackImages,
  };
}

const imageFile = (item: ToolImage): LanguageModelV4FilePart => ({
  type: 'file',
  mediaType: item.mediaType,
  data: { type: 'data', data: item.base64 },
});

/** The PDFs of a result as files (Gemini 2.x fallback), from its MCP content. */
function pdfFiles(result: ToolResult): LanguageModelV4FilePart[] {
  return result.content.flatMap((block) => {
    const resource = (block as { resource?: { mimeType?: string; blob?: string } }).resource;
    return block.type === 'resource' && resource?.mimeType === 'application/pdf' && resource.blob
      ? [
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: { type: 'data', data: resource.blob },
          },
        ]
      : [];
  });
}

/** One tool message rewritten, plus the user message that follows it (the image fallback), if any. */
function rewriteToolMessage(
  message: Extract<LanguageModelV4Message, { role: 'tool' }>,
  plan: Plan,
  onWarning: WarningHandler | undefined,
): LanguageModelV4Message[] {
  const images: ToolImage[] = [];
  let changed = false;
  const content = message.content.map((part) => {
    if (part.type !== 'tool-result') return part;
    const call = { name: part.toolName, id: part.toolCallId };
    let result: ToolResult | undefined;
    try {
      result = toolResultOf(call, part.output, onWarning);
    } catch (error) {
      // One result that cannot be read fails that result, never the whole generation.
      changed = true;
      return { ...part, output: malformedResultOutput(call, error, onWarning) };
    }
    if (result === undefined) return part;
    changed = true;
    let output = OUTPUT_WRITERS[plan.wire](result, plan.toOptions);
    const found = toolResultImages([result], { onWarning });
    if (found.length > 0 && !plan.seesImages) {
      emitWarning(onWarning, {
        code: 'tool_result_image_placeholder',
        message: `model "${plan.facts.model}" does not see images in tool results on the ${plan.wire} wire; ${found.length} image(s) from tool ${result.name} went as a text placeholder`,
        details: {
          toolName: result.name,
          callId: result.id,
          model: plan.facts.model,
          wire: plan.wire,
        },
      });
    }
    if (plan.wire === 'gemini') {
      // Gemini 2.x: the files ride after the functionResponse, as the AI SDK's legacy path sends them.
      const extra = [
        ...(plan.fallbackImages ? found.map(imageFile) : []),
        ...(plan.fallbackPdfs ? pdfFiles(result) : []),
      ];
      if (extra.length > 0) {
        const head =
          output.type === 'text' || output.type === 'error-text'
            ? [{ type: 'text' as const, text: output.value }]
            : output.type === 'content'
              ? output.value
              : [
                  {
                    type: 'text' as const,
                    text: 'value' in output ? JSON.stringify(output.value) : '',
                  },
                ];
        output = { type: 'content', value: [...head, ...extra] };
      }
    } else if (plan.fallbackImages) images.push(...found);
    return { ...part, output };
  });
  if (!changed) return [message];
  const rewritten = { ...message, content };
  if (images.length === 0) return [rewritten];
  const user: LanguageModelV4Message = {
    role: 'user',
    content: [
      { type: 'text', text: label(images) } as LanguageModelV4TextPart,
      ...images.map(imageFile),
    ],
  };
  return [rewritten, user];
}

/** The prompt with its tool results rewritten for `plan`; the same array when nothing changed. */
export function rewritePrompt(
  prompt: LanguageModelV4Prompt,
  plan: Plan,
  onWarning: WarningHandler | undefined,
): LanguageModelV4Prompt {
  let out: LanguageModelV4Message[] | undefined;
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index] as LanguageModelV4Message;
    if (message.role !== 'tool') {
      out?.push(message);
      continue;
    }
    const replaced = rewriteToolMessage(message, plan, onWarning);
    if (out === undefined && replaced.length === 1 && replaced[0] === message) continue;
    out ??= prompt.slice(0, index);
    out.push(...replaced);
  }
  return out ?? prompt;
}

/**
 * A `LanguageModelV4Middleware` that rewrites the prompt's tool results the way Crosswire sends
 * them on the wrapped model's wire: native images and PDFs where the wire carries them and the
 * registry says the model sees them, Crosswire's text placeholders where it cannot (never base64
 * as text), and for a vision model on a wire whose tool messages are text only, the images in a
 * user message right after the results. Everything else passes through untouched.
 *
 * ```ts
 * const model = wrapLanguageModel({ model: openai.chat('gpt-4o'), middleware: crosswireMiddleware() });
 * ```
 */
export function crosswireMiddleware(
  options: CrosswireMiddlewareOptions = {},
): LanguageModelV4Middleware {
  const plans = new Map<string, Plan | undefined>();
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params, model }): Promise<LanguageModelV4CallOptions> => {
      if (!params.prompt.some((message) => message.role === 'tool')) return params;
      const key = `${model.provider}\u0000${model.modelId}`;
      if (!plans.has(key)) plans.set(key, planFor(model, options));
      const plan = plans.get(key);
      if (plan === undefined) return params;
      const prompt = rewritePrompt(params.prompt, plan, options.onWarning);
      return prompt === params.prompt ? params : { ...params, prompt };
    },
  };
}
