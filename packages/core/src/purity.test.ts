import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../test-support/deep-freeze.js';
import { extractToolCall, formatTools, locateToolCalls, WIRE_FORMATS } from './index.js';
import { sampleReplies, sampleTools } from './test-support/samples.js';

// The tool seams are pure functions of the wire (docs/own-loop.md): each is called on a deeply
// frozen input (a write throws) and the input compared with a copy taken before.

describe.each(WIRE_FORMATS.map((wire) => [wire] as const))('%s: pure', (wire) => {
  it('formatTools leaves the tool definitions (and their schemas) as they were', () => {
    const tools = [
      ...structuredClone(sampleTools),
      {
        name: 'search',
        description: 'Search',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object' as const,
          properties: { tags: { type: 'array' } },
        },
      },
    ];
    const heard: string[] = [];
    const formatted = callFrozen(tools, (frozen) =>
      formatTools(wire, frozen, { onWarning: (warning) => heard.push(warning.code) }),
    );
    // Gemini's subset drops the `format` of the sample's `days` (int32), with a warning.
    expect(heard).toEqual(wire === 'gemini' ? ['schema_keyword_dropped'] : []);
    // The schema-dialect keyword is taken out of the copy sent, not out of the caller's tool.
    expect(JSON.stringify(formatted)).not.toContain('json-schema.org');
    expect(tools[tools.length - 1]?.inputSchema?.$schema).toBe(
      'https://json-schema.org/draft/2020-12/schema',
    );
  });

  it('locateToolCalls and extractToolCall leave the reply as it was', () => {
    const calls = callFrozen(structuredClone(sampleReplies[wire]), (reply) =>
      locateToolCalls(wire, reply).map((raw) => extractToolCall(wire, raw)),
    );
    expect(calls.length).toBeGreaterThan(0);
  });
});
