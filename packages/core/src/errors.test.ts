import { describe, expect, it, vi } from 'vitest';
import {
  CrosswireError,
  defaultWarningHandler,
  emitWarning,
  ImageFetchError,
  ImageNotFetchedError,
  PromptBlockedError,
  ProviderError,
  RegistryError,
  ToolArgumentsError,
  ToolLoopError,
  UnknownMediaKindError,
  UnknownToolError,
  UnknownWireFormatError,
  UnsupportedToolCallError,
  ValidationError,
} from './index.js';

describe('the error family', () => {
  it('gives every subclass a code, a name, frozen details, and the CrosswireError base', () => {
    const errors: [CrosswireError, string, string, Record<string, unknown>][] = [
      [
        new ValidationError('bad', { path: 'a.b' }),
        'ValidationError',
        'invalid_input',
        { path: 'a.b' },
      ],
      [
        new UnknownMediaKindError('video'),
        'UnknownMediaKindError',
        'unknown_media_kind',
        { kind: 'video' },
      ],
      [
        new UnknownWireFormatError('x'),
        'UnknownWireFormatError',
        'unknown_wire_format',
        { wire: 'x' },
      ],
      [
        new ImageFetchError('image_too_large', 'too big', {
          url: 'https://x.test/a.png',
          details: { maxBytes: 1 },
        }),
        'ImageFetchError',
        'image_too_large',
        { url: 'https://x.test/a.png', maxBytes: 1 },
      ],
      [
        new ImageNotFetchedError('call ensureBase64 first', { url: 'u' }),
        'ImageNotFetchedError',
        'image_not_fetched',
        { url: 'u' },
      ],
      [
        new ProviderError('boom', {
          status: 500,
          providerCode: 'server_error',
          providerMessage: 'x',
        }),
        'ProviderError',
        'provider_error',
        { status: 500, providerCode: 'server_error', providerMessage: 'x' },
      ],
      [
        new PromptBlockedError('prompt blocked: SAFETY', 'SAFETY'),
        'PromptBlockedError',
        'prompt_blocked',
        { reason: 'SAFETY' },
      ],
      [new ToolLoopError('tool_loop_limit', 'too many'), 'ToolLoopError', 'tool_loop_limit', {}],
      [new RegistryError('registry_invalid', 'bad file'), 'RegistryError', 'registry_invalid', {}],
      [new UnknownToolError('nope'), 'UnknownToolError', 'unknown_tool', { toolName: 'nope' }],
      [
        new ToolArgumentsError('arguments are not valid JSON: x', {
          toolName: 'f',
          callId: 'c',
          rawArguments: '{',
        }),
        'ToolArgumentsError',
        'invalid_tool_arguments',
        { toolName: 'f', callId: 'c', rawArguments: '{' },
      ],
      [
        new UnsupportedToolCallError('no', 'computer_call'),
        'UnsupportedToolCallError',
        'unsupported_tool_call',
        { itemType: 'computer_call' },
      ],
    ];
    for (const [error, name, code, details] of errors) {
      expect(error).toBeInstanceOf(CrosswireError);
      expect(error).toBeInstanceOf(Error);
      expect([error.name, error.code, error.details]).toEqual([name, code, details]);
      expect(Object.isFrozen(error.details)).toBe(true);
    }
  });

  it('says what was refused', () => {
    expect(new UnknownMediaKindError('video').message).toBe(
      "unknown media kind 'video' (known kinds: image, pdf)",
    );
    expect(new UnknownToolError('get_weather').message).toBe('unknown tool get_weather');
    expect(new UnknownWireFormatError(undefined).message).toBe(
      'unknown wire format undefined (known: openai, anthropic, gemini, ollama, responses, hermes, bedrock)',
    );
  });

  it('keeps a cause and the provider facts', () => {
    const cause = new Error('socket');
    const error = new ProviderError('failed', {
      cause,
      retryAfterMs: 1500,
      code: 'rate_limited',
      status: 429,
    });
    expect([error.cause, error.retryAfterMs, error.code, error.status]).toEqual([
      cause,
      1500,
      'rate_limited',
      429,
    ]);
    expect(new CrosswireError('x', 'y').cause).toBeUndefined();
    expect(new ValidationError('x', { code: 'invalid_base64' }).path).toBe('');
  });
});

describe('warnings', () => {
  it('emitWarning hands the warning to the given handler', () => {
    const seen: unknown[] = [];
    emitWarning((warning) => seen.push(warning), { code: 'k', message: 'm', details: { a: 1 } });
    expect(seen).toEqual([{ code: 'k', message: 'm', details: { a: 1 } }]);
  });

  it('the default handler emits one process warning per kind', () => {
    // Recorded instead of printed: a passing test run prints no warning.
    const emitted = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      const kind = `test_kind_${Date.now()}`;
      emitWarning(undefined, { code: kind, message: 'first' });
      defaultWarningHandler({ code: kind, message: 'second' });
      emitWarning(undefined, { code: `${kind}_other`, message: 'third' });
      expect(emitted.mock.calls).toEqual([
        ['first', { type: 'CrosswireWarning', code: kind }],
        ['third', { type: 'CrosswireWarning', code: `${kind}_other` }],
      ]);
    } finally {
      emitted.mockRestore();
    }
  });
});
