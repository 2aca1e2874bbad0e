// crosswireMiddleware on whole prompts, each expected prompt and warning written out by hand:
// which messages it rewrites and which it keeps as they were (system, assistant, user, a tool
// message with nothing to rewrite, an approval), the images after the results on Chat
// Completions, the files after the functionResponse on Gemini 2.x and inside it on Gemini 3, the
// warnings it tells, and its plan kept per model.
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import type { CrosswireWarning } from '@crosswire/core';
import { createRegistry, defaultRegistry } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { crosswireMiddleware } from './index.js';
import { PIXEL_PNG } from './test-support/mcp-fixture.js';

const PDF = 'JVBERi0xLjQK';
const image = { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' };
const pdf = {
  type: 'resource',
  resource: { uri: 'file:///q3.pdf', mimeType: 'application/pdf', blob: PDF },
};
const pngFile = { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL_PNG } };
const pdfFile = { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: PDF } };

/** A tool-result part whose output is `value` as json (what `@ai-sdk/mcp` tools return). */
const result = (toolCallId: string, value: unknown, type = 'json') => ({
  type: 'tool-result',
  toolCallId,
  toolName: 'shot',
  output: { type, value },
});
/** The same part with the output the middleware writes. */
const rewritten = (toolCallId: string, output: unknown) => ({
  type: 'tool-result',
  toolCallId,
  toolName: 'shot',
  output,
});

/** The prompt (or the same params object) after the middleware, and the warnings told. */
async function transform(
  provider: string,
  modelId: string,
  prompt: unknown[],
  middleware?: ReturnType<typeof crosswireMiddleware>,
) {
  const warnings: CrosswireWarning[] = [];
  const used =
    middleware ?? crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) });
  const params = { prompt: prompt as LanguageModelV4Prompt } as LanguageModelV4CallOptions;
  const out = await used.transformParams?.({
    type: 'generate',
    params,
    model: { provider, modelId } as LanguageModelV4,
  });
  return { same: out === params, prompt: out?.prompt, warnings };
}

describe('crosswireMiddleware: what it keeps', () => {
  it('is a v4 middleware', () => {
    expect(crosswireMiddleware().specificationVersion).toBe('v4');
  });

  it('every message around the rewritten one, in order, the unchanged tool message too', async () => {
    const system = { role: 'system', content: 'Be brief.' };
    const assistant = { role: 'assistant', content: [{ type: 'text', text: 'ok' }] };
    const plainTool = { role: 'tool', content: [result('c3', 'plain', 'text')] };
    const user = { role: 'user', content: [{ type: 'text', text: 'next' }] };
    const { prompt, warnings } = await transform('openai.chat', 'gpt-4o', [
      system,
      {
        role: 'tool',
        content: [result('c1', { content: [image] }), result('c2', { content: [image] })],
      },
      assistant,
      plainTool,
      user,
    ]);
    expect(prompt).toEqual([
      system,
      {
        role: 'tool',
        content: [
          rewritten('c1', { type: 'text', value: '[image] image/png (68 bytes)' }),
          rewritten('c2', { type: 'text', value: '[image] image/png (68 bytes)' }),
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The tool results above returned 2 image(s), attached here in order: shot (c1), shot (c2).',
          },
          pngFile,
          pngFile,
        ],
      },
      assistant,
      plainTool,
      user,
    ]);
    expect(prompt?.[4]).toBe(plainTool);
    expect(warnings).toEqual([]);
  });

  it('a tool message rewritten into one message (no images after it) is not left out', async () => {
    const approval = { type: 'tool-approval-response', approvalId: 'a1', approved: true };
    const { prompt } = await transform('anthropic.messages', 'claude-sonnet-4-5', [
      { role: 'tool', content: [approval, result('c1', { content: [image, pdf] })] },
    ]);
    expect(prompt).toEqual([
      {
        role: 'tool',
        content: [approval, rewritten('c1', { type: 'content', value: [pngFile, pdfFile] })],
      },
    ]);
  });

  it('a prompt without tool messages: the same params, and no plan (no warning for an unknown provider)', async () => {
    const { same, warnings } = await transform('made-up.completion', 'm', [
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
    ]);
    expect({ same, warnings }).toEqual({ same: true, warnings: [] });
  });
});

describe('crosswireMiddleware: its warnings', () => {
  it('an unknown AI SDK provider: told once for the model, however many calls', async () => {
    const warnings: CrosswireWarning[] = [];
    const middleware = crosswireMiddleware({ onWarning: (warning) => warnings.push(warning) });
    const prompt = [{ role: 'tool', content: [result('c1', { content: [image] })] }];
    const first = await transform('made-up.completion', 'm', prompt, middleware);
    const second = await transform('made-up.completion', 'm', prompt, middleware);
    expect([first.same, second.same]).toEqual([true, true]);
    expect(warnings).toEqual([
      {
        code: 'ai_sdk_unknown_provider',
        message:
          'the AI SDK provider "made-up.completion" maps to no Crosswire wire; its tool results pass through unchanged (pass options.wire)',
        details: { provider: 'made-up.completion', model: 'm' },
      },
    ]);
  });

  it('an unknown model of a known provider: placeholders, and both warnings', async () => {
    const { prompt, warnings } = await transform('anthropic.messages', 'no-such-model', [
      { role: 'tool', content: [result('c1', { content: [image] })] },
    ]);
    expect(prompt).toEqual([
      {
        role: 'tool',
        content: [rewritten('c1', { type: 'text', value: '[image] image/png (68 bytes)' })],
      },
    ]);
    expect(warnings).toEqual([
      {
        code: 'unknown_model',
        message:
          'the registry does not know model "no-such-model" on provider "anthropic"; tool-result images and PDFs go as text placeholders',
        details: { provider: 'anthropic', model: 'no-such-model' },
      },
      {
        code: 'tool_result_image_placeholder',
        message:
          'model "no-such-model" does not see images in tool results on the anthropic wire; 1 image(s) from tool shot went as a text placeholder',
        details: { toolName: 'shot', callId: 'c1', model: 'no-such-model', wire: 'anthropic' },
      },
    ]);
  });

  it('a provider id routed to a wire whose provider the registry lacks: placeholders, unknown_model', async () => {
    const { prompt, warnings } = await transform('nosuch.chat', 'm', [
      { role: 'tool', content: [result('c1', { content: [{ type: 'text', text: 'a' }] })] },
    ]);
    expect(prompt).toEqual([
      { role: 'tool', content: [rewritten('c1', { type: 'text', value: 'a' })] },
    ]);
    expect(warnings).toEqual([
      {
        code: 'unknown_model',
        message:
          'the registry does not know model "m" on provider "nosuch"; tool-result images and PDFs go as text placeholders',
        details: { provider: 'nosuch', model: 'm' },
      },
    ]);
  });

  it('a text-only model told of images only when there are some', async () => {
    const withImage = await transform('ollama.chat', 'llama3.2', [
      { role: 'tool', content: [result('c1', { content: [{ type: 'text', text: 'a' }, image] })] },
    ]);
    expect(withImage.warnings.map((warning) => warning.code)).toEqual([
      'tool_result_image_placeholder',
    ]);
    const textOnly = await transform('ollama.chat', 'llama3.2', [
      { role: 'tool', content: [result('c1', { content: [{ type: 'text', text: 'a' }] })] },
    ]);
    expect(textOnly).toEqual({
      same: false,
      prompt: [{ role: 'tool', content: [rewritten('c1', { type: 'text', value: 'a' })] }],
      warnings: [],
    });
  });

  it("the renderer's warnings reach onWarning: a BMP on anthropic", async () => {
    const { prompt, warnings } = await transform('anthropic.messages', 'claude-sonnet-4-5', [
      {
        role: 'tool',
        content: [
          result('c1', { content: [{ type: 'image', data: 'Qk0=', mimeType: 'image/bmp' }] }),
        ],
      },
    ]);
    expect(prompt).toEqual([
      {
        role: 'tool',
        content: [rewritten('c1', { type: 'text', value: '[image] image/bmp (2 bytes)' })],
      },
    ]);
    expect(warnings).toEqual([
      {
        code: 'image_not_native',
        message:
          'image/bmp cannot go natively in the anthropic tool result; it is sent as a placeholder',
        details: { wire: 'anthropic', mediaType: 'image/bmp' },
      },
    ]);
  });

  it('image bytes that are not the type they claim: not attached after the results, and told', async () => {
    const { prompt, warnings } = await transform('openai.chat', 'gpt-4o', [
      {
        role: 'tool',
        content: [
          result('c1', { content: [{ type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' }] }),
        ],
      },
    ]);
    expect(prompt).toEqual([
      {
        role: 'tool',
        content: [rewritten('c1', { type: 'text', value: '[image] image/png (5 bytes)' })],
      },
    ]);
    expect(warnings).toEqual([
      {
        code: 'image_bytes_mismatch',
        message:
          'the bytes of an image labelled image/png from tool shot are not image/png; it is not attached',
        details: { toolName: 'shot', callId: 'c1', mediaType: 'image/png' },
      },
    ]);
  });

  it('a result nested too deep alone in its message: its error text', async () => {
    let deep: unknown = 1;
    for (let level = 0; level < 300; level++) deep = { d: deep };
    const { prompt } = await transform('anthropic.messages', 'claude-sonnet-4-5', [
      { role: 'tool', content: [result('c1', { content: [], structuredContent: deep })] },
    ]);
    expect(prompt).toEqual([
      {
        role: 'tool',
        content: [
          rewritten('c1', {
            type: 'error-text',
            value:
              'tool shot returned a malformed result: structuredContent nests deeper than 256 levels',
          }),
        ],
      },
    ]);
  });
});

describe('crosswireMiddleware: Gemini', () => {
  const gemini = (modelId: string, value: unknown) =>
    transform('google.generative-ai', modelId, [{ role: 'tool', content: [result('c1', value)] }]);
  const only = (output: unknown) => [{ role: 'tool', content: [rewritten('c1', output)] }];

  it('2.x: the image and PDF after the functionResponse, the placeholder text first', async () => {
    expect(
      (
        await gemini('gemini-2.5-flash-lite', {
          content: [{ type: 'text', text: 'page' }, image, pdf],
        })
      ).prompt,
    ).toEqual(
      only({
        type: 'content',
        value: [
          {
            type: 'text',
            text: 'page\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///q3.pdf> (9 bytes)',
          },
          pngFile,
          pdfFile,
        ],
      }),
    );
  });

  it('2.x: an error result, or structured content, goes first as its JSON text', async () => {
    expect(
      (
        await gemini('gemini-2.5-flash-lite', {
          isError: true,
          content: [{ type: 'text', text: 'boom' }, image],
        })
      ).prompt,
    ).toEqual(
      only({
        type: 'content',
        value: [{ type: 'text', text: '{"error":"boom\\n[image] image/png (68 bytes)"}' }, pngFile],
      }),
    );
    expect(
      (await gemini('gemini-2.5-flash-lite', { content: [image], structuredContent: { a: 1 } }))
        .prompt,
    ).toEqual(only({ type: 'content', value: [{ type: 'text', text: '{"a":1}' }, pngFile] }));
  });

  it('2.x: only PDF blobs follow, not other blobs or text resources', async () => {
    expect(
      (
        await gemini('gemini-2.5-flash-lite', {
          content: [
            {
              type: 'resource',
              resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: 'UEsDBA==' },
            },
            {
              type: 'resource',
              resource: { uri: 'file:///a.txt', mimeType: 'application/pdf', text: 'x' },
            },
            pdf,
          ],
        })
      ).prompt,
    ).toEqual(
      only({
        type: 'content',
        value: [
          {
            type: 'text',
            text: '[resource] application/zip <file:///a.zip> (4 bytes)\nx\n[resource] application/pdf <file:///q3.pdf> (9 bytes)',
          },
          pdfFile,
        ],
      }),
    );
  });

  it("2.x with imageFallback 'none': the placeholder text only, nothing after it", async () => {
    const middleware = crosswireMiddleware({ imageFallback: 'none' });
    const { prompt } = await transform(
      'google.generative-ai',
      'gemini-2.5-flash-lite',
      [{ role: 'tool', content: [result('c1', { content: [{ type: 'text', text: 'a' }, pdf] })] }],
      middleware,
    );
    expect(prompt).toEqual(
      only({ type: 'text', value: 'a\n[resource] application/pdf <file:///q3.pdf> (9 bytes)' }),
    );
  });

  it('a model that sees images inside the result but not PDFs: the PDF follows the parts', async () => {
    // The bundled registry has no such Gemini model: a registry patched for the test.
    const registry = createRegistry({
      extends: defaultRegistry,
      entries: [
        {
          id: 'gemini',
          capabilities: {
            tool_result_pdf: [
              {
                value: false,
                evidence: 'docs',
                source: 'https://ai.google.dev/gemini-api/docs/function-calling#multimodal',
                date: '2026-12-07',
                note: 'a patch for this test: PDFs not carried',
              },
            ],
          },
        },
      ],
    });
    const { prompt } = await transform(
      'google.generative-ai',
      'gemini-3.8-flash',
      [
        {
          role: 'tool',
          content: [result('c1', { content: [{ type: 'text', text: 'a' }, image, pdf] })],
        },
      ],
      crosswireMiddleware({ registry }),
    );
    expect(prompt).toEqual(
      only({
        type: 'content',
        value: [
          { type: 'text', text: 'a\n[resource] application/pdf <file:///q3.pdf> (9 bytes)' },
          pngFile,
          pdfFile,
        ],
      }),
    );
  });

  it('3: the image and PDF inside the result, nothing after it; text alone stays text', async () => {
    expect(
      (await gemini('gemini-3.8-flash', { content: [{ type: 'text', text: 'page' }, image, pdf] }))
        .prompt,
    ).toEqual(only({ type: 'content', value: [{ type: 'text', text: 'page' }, pngFile, pdfFile] }));
    expect(
      (await gemini('gemini-3.8-flash', { content: [{ type: 'text', text: 'page' }] })).prompt,
    ).toEqual(only({ type: 'text', value: 'page' }));
  });
});
