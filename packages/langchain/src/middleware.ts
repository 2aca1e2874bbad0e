import { emitWarning, type WarningHandler } from '@crosswire/core';
import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import type { AgentMiddleware } from 'langchain';
import {
  chatModelTarget,
  type FallbackOptions,
  type ModelLookupOptions,
  type Plan,
  planFor,
} from './capabilities.js';
import { type Rendered, renderToolMessage, rewriteMessages } from './rewrite.js';

/** Options of {@link crosswireMiddleware}. */
export interface CrosswireMiddlewareOptions extends ModelLookupOptions, FallbackOptions {
  /** Told about every degradation (see the README's warning list). Default: one process warning per kind. */
  readonly onWarning?: WarningHandler;
}

/** The middleware `crosswireMiddleware()` returns, for `createAgent({ middleware: [...] })`. */
export type CrosswireAgentMiddleware = AgentMiddleware<undefined, undefined, unknown>;

/** A plan per model, and each tool message's rendering for it (a message object is rendered once). */
interface ModelState {
  readonly plan: Plan;
  readonly rendered: WeakMap<ToolMessage, Rendered | undefined>;
}

/**
 * An agent middleware (`createAgent({ model, tools, middleware: [crosswireMiddleware()] })`) that
 * rewrites the tool messages of each model request the way Crosswire sends them on the model's
 * wire: images and PDFs natively where the wire, its LangChain integration and the model (by
 * Crosswire's registry) all carry them; for a model that sees images whose tool message cannot
 * carry them (Chat Completions, Ollama, Gemini through `@langchain/google-genai`), Crosswire's
 * text placeholders in the tool message and the images in one human message right after the
 * tool messages; the placeholders alone for a model that sees none. Never base64 as text. The
 * provider and model come from the chat model's class and model name (`provider`, `model` and
 * `wire` override them). Only the request changes: the agent's state keeps the tool messages
 * as the tools returned them.
 */
export function crosswireMiddleware(
  options: CrosswireMiddlewareOptions = {},
): CrosswireAgentMiddleware {
  const { onWarning } = options;
  const models = new Map<string, ModelState>();
  const unknownClasses = new Set<string>();
  const stateFor = (plan: () => Plan, key: string): ModelState => {
    let state = models.get(key);
    if (state === undefined) {
      state = { plan: plan(), rendered: new WeakMap() };
      models.set(key, state);
    }
    return state;
  };
  return {
    // What `createMiddleware` from `langchain` stamps on a middleware; written here so that
    // importing this package does not load `langchain`.
    [Symbol.for('AgentMiddleware')]: true,
    name: 'CrosswireMiddleware',
    wrapModelCall: async (request, handler) => {
      const messages: readonly BaseMessage[] = request.messages;
      if (!messages.some((message) => ToolMessage.isInstance(message))) return handler(request);
      const target = chatModelTarget(request.model, options, { tools: request.tools });
      const { wire } = target;
      if (wire === undefined) {
        if (!unknownClasses.has(target.className)) {
          unknownClasses.add(target.className);
          emitWarning(onWarning, {
            code: 'langchain_unknown_chat_model',
            message: `Crosswire does not know the LangChain chat model class ${target.className}; its tool messages pass through unchanged (pass the wire and provider options)`,
            details: { className: target.className, model: target.model },
          });
        }
        return handler(request);
      }
      const key = `${wire}\u0000${target.provider ?? ''}\u0000${target.model}`;
      const state = stateFor(() => planFor({ ...target, wire }, options), key);
      const rewritten = rewriteMessages(messages, state.plan, (message) => {
        if (!state.rendered.has(message)) {
          state.rendered.set(message, renderToolMessage(message, state.plan, onWarning));
        }
        return state.rendered.get(message);
      });
      return rewritten === messages
        ? handler(request)
        : handler({ ...request, messages: [...rewritten] });
    },
  };
}
