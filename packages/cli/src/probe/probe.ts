import { Image } from '@crosswire/content-image';
import { carriesNative, type WireFormat } from '@crosswire/core';
import type { ChatResponse } from '@crosswire/dialects';
import { createEngine, type EngineOptions, type McpToolServer } from '@crosswire/engines';
import { defaultRegistry, type Registry } from '@crosswire/registry';
import { codeWord, codeWordPdf, codeWordPng } from './artefacts.js';

/** The capabilities a probe measures, named as the registry names them. */
export const PROBED = ['image_input', 'tool_result_images', 'tool_result_pdf'] as const;
export type Probed = (typeof PROBED)[number];

export interface ProbeResult {
  readonly capability: Probed;
  /**
   * `seen`: the model read the code word back; `not_seen`: it answered without it;
   * `not_applicable`: the wire has no native form for it (nothing to measure);
   * `error`: the request failed (the message says why).
   */
  readonly outcome: 'seen' | 'not_seen' | 'not_applicable' | 'error';
  readonly codeWord: string | undefined;
  readonly reply: string | undefined;
  /** The provider's id of the reply (`id`, Gemini's `responseId`), where the wire has one. */
  readonly responseId: string | undefined;
  readonly detail: string;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Where each wire's reply carries the provider's id for it (Ollama's replies have none). */
const RESPONSE_ID: Record<WireFormat, (raw: Record<string, unknown>) => string | undefined> = {
  openai: (raw) => str(raw.id),
  anthropic: (raw) => str(raw.id),
  gemini: (raw) => str(raw.responseId),
  ollama: () => undefined,
  responses: (raw) => str(raw.id),
  hermes: (raw) => str(raw.id),
  // Converse replies carry no id (the request id is a response header).
  bedrock: () => undefined,
};

function responseIdOf(wire: WireFormat, response: ChatResponse): string | undefined {
  const raw = response.raw;
  return typeof raw === 'object' && raw !== null
    ? RESPONSE_ID[wire](raw as Record<string, unknown>)
    : undefined;
}

export interface ProbeOptions {
  readonly provider: string;
  readonly model: string;
  readonly registry?: Registry;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Engine options for tests (a dispatcher, timeouts). */
  readonly engine?: Partial<EngineOptions>;
  /** The code word of each probe; random when absent. */
  readonly codeWord?: () => string;
}

const TOOL = 'get_code_word';

function toolServer(content: unknown): McpToolServer {
  return {
    listTools: async () => ({
      tools: [
        {
          name: TOOL,
          description: 'Returns the code word the user asks for.',
          inputSchema: { type: 'object', properties: {} },
        },
      ],
    }),
    callTool: async () => ({ content: [content] }),
    getServerVersion: () => ({ name: 'crosswire-probe', version: '1' }),
  };
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** True when the reply holds the word (case and spacing aside). */
function readBack(reply: string, word: string): boolean {
  return reply
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .includes(word);
}

/**
 * Probes a model on a provider for what a catalogue cannot tell: does it see an image in a
 * user message, an image returned in a tool result, a PDF returned in a tool result? Each
 * probe sends a fresh random code word drawn into the image or written into the PDF and asks
 * for it back, so only a model that really received and read the content passes.
 */
export async function probeModel(options: ProbeOptions): Promise<readonly ProbeResult[]> {
  const registry = options.registry ?? defaultRegistry;
  const provider = registry.provider(options.provider);
  const wire =
    registry.resolve({ provider: provider.id, model: options.model }).wire ?? provider.wire;
  const nextWord = options.codeWord ?? (() => codeWord());
  const engineFor = (forceNative: boolean) =>
    createEngine({
      provider: provider.id,
      model: options.model,
      registry,
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
      ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
      ...(options.env !== undefined ? { env: options.env } : {}),
      retry: { maxRetries: 0 },
      // Send the media natively whatever the registry says now: that is what is measured.
      ...(forceNative ? { dialect: { imageInput: true, nativePdf: true } } : {}),
      onWarning: () => {},
      ...options.engine,
    });

  const run = async (
    capability: Probed,
    ask: (word: string) => Promise<ChatResponse>,
  ): Promise<ProbeResult> => {
    const word = nextWord();
    try {
      const response = await ask(word);
      const reply = response.content;
      const seen = readBack(reply, word);
      return {
        capability,
        outcome: seen ? 'seen' : 'not_seen',
        codeWord: word,
        reply,
        responseId: responseIdOf(wire, response),
        detail: seen
          ? `read back the code word ${word}`
          : `did not read back the code word ${word}`,
      };
    } catch (error) {
      return {
        capability,
        outcome: 'error',
        codeWord: word,
        reply: undefined,
        responseId: undefined,
        detail: error instanceof Error ? error.message : String(error),
      };
    }
  };

  // A missing API key or an unknown provider is the caller's to fix: fail before any probe.
  engineFor(false);
  const results: ProbeResult[] = [];
  results.push(
    await run('image_input', async (word) => {
      return engineFor(false).chat([
        {
          role: 'user',
          content: [
            'The image shows a code word in block letters. Reply with the code word only.',
            Image.fromData(codeWordPng(word), { mediaType: 'image/png' }),
          ],
        },
      ]);
    }),
  );
  const media = [
    ['tool_result_images', 'image'],
    ['tool_result_pdf', 'pdf'],
  ] as const;
  for (const [capability, kind] of media) {
    if (!carriesNative(wire, kind)) {
      results.push({
        capability,
        outcome: 'not_applicable',
        codeWord: undefined,
        reply: undefined,
        responseId: undefined,
        detail: `the ${wire} wire has no native ${kind} form in a tool result: nothing reaches the model to measure`,
      });
      continue;
    }
    results.push(
      await run(capability, async (word) => {
        const content =
          kind === 'image'
            ? { type: 'image', data: base64(codeWordPng(word)), mimeType: 'image/png' }
            : {
                type: 'resource',
                resource: {
                  uri: 'file:///code-word.pdf',
                  mimeType: 'application/pdf',
                  blob: base64(codeWordPdf(word)),
                },
              };
        const loop = await engineFor(true).runToolLoop(
          `Call the tool ${TOOL}. Its result shows a code word${kind === 'pdf' ? ' in a PDF' : ' in an image'}. Reply with the code word only.`,
          { mcpServers: [toolServer(content)], maxIterations: 3 },
        );
        return loop.response;
      }),
    );
  }
  return results;
}
