// supportsInToolResults' whole answer, reasons in order, for the cases a caller meets: a model
// the registry knows on a wire that carries the kind or not, an unknown model, a provider the
// registry does not know, an AI SDK id no route maps; and the registry's flags as the
// middleware acts on them. Every expected answer is written out by hand from the registry data
// (packages/registry/data/providers/*.json) and the wire facts.
import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { crosswireMiddleware, routeOf, supportsInToolResults } from './index.js';

const CLAUDE = { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' };
const CLAUDE_RESOLVED =
  '"claude-sonnet-4-5" resolved to anthropic/claude-sonnet-4-5: offering "claude-sonnet-4-5" of provider "anthropic" serving anthropic/claude-sonnet-4-5';
const ANTHROPIC_DOCS =
  'docs, https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use, checked 2026-11-29';

describe('supportsInToolResults: the whole answer', () => {
  it('Claude, an image: the wire rule, the registry chain, the delivery', () => {
    expect(supportsInToolResults(CLAUDE, 'image')).toEqual({
      supported: true,
      delivery: 'native',
      wireCarries: true,
      wire: 'anthropic',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      known: true,
      reasons: [
        'the anthropic wire carries an image inside a tool result',
        'provider "anthropic" speaks the anthropic wire',
        CLAUDE_RESOLVED,
        'wire anthropic carries an image natively in a tool result',
        `provider "anthropic" claims tool_result_images = true (${ANTHROPIC_DOCS}; image blocks inside tool_result.content)`,
        'kept: the native image form on anthropic needs vision and the model has image_input',
        'tool_result_images is true: the anthropic tool result carries an image',
      ],
    });
  });

  it('Claude, a PDF: "a PDF" in every sentence', () => {
    expect(supportsInToolResults(CLAUDE, 'pdf').reasons).toEqual([
      'the anthropic wire carries a PDF inside a tool result',
      'provider "anthropic" speaks the anthropic wire',
      CLAUDE_RESOLVED,
      'wire anthropic carries a PDF natively in a tool result',
      `provider "anthropic" claims tool_result_pdf = true (${ANTHROPIC_DOCS}; document blocks inside tool_result.content (anthropic-sdk-typescript 5d971f92, 2025-09-03))`,
      'kept: the native pdf form on anthropic does not need vision (nativeNeedsVision("anthropic", "pdf") is false); a text-only model reads it as extracted text',
      'tool_result_pdf is true: the anthropic tool result carries a PDF',
    ]);
  });

  it('Chat Completions cannot carry a PDF', () => {
    const answer = supportsInToolResults(
      { provider: 'openai.chat', modelId: 'gpt-6.1-sol' },
      'pdf',
    );
    expect(answer).toMatchObject({ supported: false, delivery: 'placeholder', wireCarries: false });
    expect(answer.reasons[0]).toBe('the openai wire cannot carry a PDF inside a tool result');
  });

  it('an unknown model of a known provider: its registry provider named, not the AI SDK id', () => {
    expect(
      supportsInToolResults({ provider: 'anthropic.messages', modelId: 'no-such-model' }, 'image'),
    ).toEqual({
      supported: false,
      delivery: 'placeholder',
      wireCarries: true,
      wire: 'anthropic',
      provider: 'anthropic',
      model: 'no-such-model',
      known: false,
      reasons: [
        'the anthropic wire carries an image inside a tool result',
        'the registry does not know model "no-such-model" on provider "anthropic"; treated as not supported',
        'tool_result_images is unknown: the anthropic tool result holds a placeholder line',
        'the anthropic wire has no user-message form for an image',
      ],
    });
  });

  it('a `<name>.chat` id the registry has no provider for: the name is the provider, unknown', () => {
    expect(supportsInToolResults({ provider: 'nosuch.chat', modelId: 'm' }, 'image')).toEqual({
      supported: false,
      delivery: 'placeholder',
      wireCarries: false,
      wire: 'openai',
      provider: 'nosuch',
      model: 'm',
      known: false,
      reasons: [
        'the openai wire cannot carry an image inside a tool result',
        'the registry does not know model "m" on provider "nosuch"; treated as not supported',
        'the registry does not know provider "nosuch": a placeholder line only',
      ],
    });
  });

  it('a `<name>.chat` id the registry has a provider for: lmstudio', () => {
    expect(
      supportsInToolResults({ provider: 'lmstudio.chat', modelId: 'local' }, 'image'),
    ).toMatchObject({ wire: 'openai', provider: 'lmstudio', known: false });
  });

  it('openai.responses goes to the registry provider openai-responses', () => {
    expect(
      supportsInToolResults({ provider: 'openai.responses', modelId: 'gpt-6.1-sol' }, 'image'),
    ).toMatchObject({ wire: 'responses', provider: 'openai-responses' });
  });

  it('an AI SDK id no route maps: no wire, no provider, the id named', () => {
    expect(supportsInToolResults({ provider: 'made-up.completion', modelId: 'x' }, 'pdf')).toEqual({
      supported: false,
      delivery: 'placeholder',
      wireCarries: false,
      wire: undefined,
      provider: undefined,
      model: 'x',
      known: false,
      reasons: [
        'the AI SDK provider "made-up.completion" maps to no Crosswire wire; pass options.wire',
        'the registry does not know model "x" on provider "made-up.completion"; treated as not supported',
        'the registry does not know provider "?": a placeholder line only',
      ],
    });
  });

  it('an unmapped id with options.provider the registry knows: no wire, said as such', () => {
    const answer = supportsInToolResults(
      { provider: 'made-up.completion', modelId: 'x' },
      'image',
      {
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
      },
    );
    expect(answer).toMatchObject({
      supported: false,
      delivery: 'placeholder',
      wireCarries: false,
      provider: 'anthropic',
      known: true,
    });
    expect(answer.reasons[0]).toBe(
      'the AI SDK provider "made-up.completion" maps to no Crosswire wire; pass options.wire',
    );
    expect(answer.reasons.at(-1)).toBe('no Crosswire wire to send it on: a placeholder line only');
  });

  it('a provider id routeOf maps to its own name keeps the first segment only', () => {
    expect(routeOf('lmstudio.chat')).toEqual({ wire: 'openai', provider: undefined });
  });
});

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A tool message holding an MCP result with a PNG and a PDF, as the AI SDK passes it on. */
const mediaParams = (): LanguageModelV4CallOptions => ({
  prompt: [
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'shot',
          output: {
            type: 'json',
            value: {
              content: [
                { type: 'image', data: PNG, mimeType: 'image/png' },
                {
                  type: 'resource',
                  resource: {
                    uri: 'file:///a.pdf',
                    mimeType: 'application/pdf',
                    blob: 'JVBERi0xLjQK',
                  },
                },
              ],
            },
          },
        },
      ],
    },
  ],
});

describe('the registry flags the middleware acts on', () => {
  it('Claude (tool_result_images and tool_result_pdf true): both stay files in the result', async () => {
    const warnings: CrosswireWarning[] = [];
    const out = await crosswireMiddleware({
      onWarning: (warning) => warnings.push(warning),
    }).transformParams?.({
      type: 'generate',
      params: mediaParams(),
      model: CLAUDE as LanguageModelV4,
    });
    expect(out?.prompt[0]?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'a',
      toolName: 'shot',
      output: {
        type: 'content',
        value: [
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PNG } },
          {
            type: 'file',
            mediaType: 'application/pdf',
            data: { type: 'data', data: 'JVBERi0xLjQK' },
          },
        ],
      },
    });
    expect(warnings).toEqual([]);
  });

  it('an unknown model on the same wire (both flags unknown): placeholder lines', async () => {
    const warnings: CrosswireWarning[] = [];
    const out = await crosswireMiddleware({
      onWarning: (warning) => warnings.push(warning),
    }).transformParams?.({
      type: 'generate',
      params: mediaParams(),
      model: { provider: 'anthropic.messages', modelId: 'no-such-model' } as LanguageModelV4,
    });
    expect(out?.prompt[0]?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'a',
      toolName: 'shot',
      output: {
        type: 'text',
        value: '[image] image/png (70 bytes)\n[resource] application/pdf <file:///a.pdf> (9 bytes)',
      },
    });
    expect(warnings.map((warning) => warning.code)).toEqual([
      'unknown_model',
      'tool_result_image_placeholder',
    ]);
  });
});
