import { UnknownWireFormatError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { PreflightRefusedError, preflight } from './preflight.js';

// What a caller of `preflight` and a catcher of its refusal see, written down by hand.

const NAME_SOURCE = 'https://github.com/openai/openai-openapi (FunctionObject.name)';
const nameMessage = (name: string, index: number) =>
  `"${name}": Invalid 'tools[${index}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`;
const chatTool = (name: string) => ({
  type: 'function',
  function: { name, parameters: { type: 'object', properties: {} } },
});
const chat = (...names: string[]) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
  tools: names.map(chatTool),
});

describe('preflight', () => {
  it('refuses a wire it does not know, before reading the body', () => {
    expect(() => preflight(chat('a b'), { wire: 'openai-chat' as 'openai' })).toThrow(
      UnknownWireFormatError,
    );
  });

  it('finds nothing in a body that is not an object', () => {
    for (const body of [null, undefined, 'tools', 7, [chatTool('a b')]]) {
      expect(preflight(body, { wire: 'openai' })).toEqual({ violations: [] });
    }
  });

  it('checks only the rules of the wire it is given', () => {
    // A Chat Completions tool list read as Anthropic's: no `input_schema`, names with a dot.
    expect(preflight(chat('calendar.read'), { wire: 'ollama' })).toEqual({ violations: [] });
    expect(preflight(chat('calendar.read'), { wire: 'openai' }).violations).toEqual([
      {
        rule: 'openai-tool-name',
        path: 'tools[0].function.name',
        message: nameMessage('calendar.read', 0),
        source: NAME_SOURCE,
      },
    ]);
  });

  it('passes the model facts and features it is given to the rules that read them', () => {
    const converse = {
      messages: [
        { role: 'user', content: [{ text: 'Weather?' }] },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'get_weather', input: {} } }],
        },
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 'tooluse_1',
                content: [{ image: { format: 'png', source: { bytes: 'AAAA' } } }],
              },
            },
          ],
        },
      ],
      toolConfig: {
        tools: [{ toolSpec: { name: 'get_weather', inputSchema: { json: { type: 'object' } } } }],
      },
    };
    const rules = (options: object) =>
      preflight(converse, { wire: 'bedrock', ...options }).violations.map((broken) => broken.rule);
    expect(rules({})).toEqual([]);
    expect(rules({ capabilities: { tool_result_images: false } })).toEqual([
      'bedrock-tool-result-image',
    ]);
    const forced = {
      model: 'claude-opus-4-1',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 'answer', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'answer' },
    };
    const anthropic = (options: object) =>
      preflight(forced, { wire: 'anthropic', ...options }).violations.map((broken) => broken.rule);
    expect(anthropic({})).toEqual([]);
    expect(anthropic({ features: { forcedToolChoice: false } })).toEqual([
      'anthropic-forced-tool-choice-model',
    ]);
  });
});

describe('PreflightRefusedError', () => {
  it('names the first broken rule, its path, message and source, and counts the others', () => {
    const { violations } = preflight(chat('a b', 'ok', 'c.d', 'e/f'), { wire: 'openai' });
    const error = new PreflightRefusedError('openai', violations);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PreflightRefusedError');
    expect(error.code).toBe('request_refused_preflight');
    expect(error.message).toBe(
      `request refused before sending: it breaks the openai rule openai-tool-name at tools[0].function.name: ${nameMessage('a b', 0)} (and 2 more) (${NAME_SOURCE})`,
    );
    expect([error.rule, error.path, error.source]).toEqual([
      'openai-tool-name',
      'tools[0].function.name',
      NAME_SOURCE,
    ]);
    expect(error.violations).toBe(violations);
    expect(error.details).toEqual({
      wire: 'openai',
      rule: 'openai-tool-name',
      path: 'tools[0].function.name',
      source: NAME_SOURCE,
      violations,
    });
  });

  it('says nothing of others when one rule is broken', () => {
    const { violations } = preflight(chat('a b'), { wire: 'openai' });
    expect(new PreflightRefusedError('openai', violations).message).toBe(
      `request refused before sending: it breaks the openai rule openai-tool-name at tools[0].function.name: ${nameMessage('a b', 0)} (${NAME_SOURCE})`,
    );
  });

  it('with no violation, names no rule rather than failing', () => {
    const error = new PreflightRefusedError('gemini', []);
    expect(error.message).toBe(
      'request refused before sending: it breaks the gemini rule  at :  ()',
    );
    expect([error.rule, error.path, error.source, error.violations]).toEqual(['', '', '', []]);
  });
});
