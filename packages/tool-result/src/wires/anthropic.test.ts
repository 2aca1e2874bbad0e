import { describe, expect, it } from 'vitest';
import { ToolResult } from '../tool-result.js';

// Regression tests for bodies the Anthropic Messages API answers with HTTP 400 (issue 13,
// defects 1 and 2; /work/shared/research/oracle-findings.md).
describe('anthropic tool_result: what the API refuses never goes out', () => {
  // "content cannot be empty if `is_error` is true": jlevy/markform#153,
  // bytedance/trae-agent#230, UKGovernmentBEIS/inspect_ai#169.
  it('an error result with no content sends a short text instead of an empty content', () => {
    const result = new ToolResult({ name: 't', id: 'toolu_1', content: [], isError: true });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'the tool reported an error with no content',
      is_error: true,
    });
  });

  it('an error result whose only text is blank is treated as empty', () => {
    const result = new ToolResult({
      name: 't',
      id: 'toolu_1',
      content: [{ type: 'text', text: ' \n' }],
      isError: true,
    });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'the tool reported an error with no content',
      is_error: true,
    });
  });

  it('an error result with structured content and no blocks sends that JSON', () => {
    const result = new ToolResult({
      name: 't',
      id: 'toolu_1',
      content: [],
      structuredContent: { reason: 'x' },
      isError: true,
    });
    expect(result.to('anthropic').content).toBe('{"reason":"x"}');
  });

  // "text content blocks must be non-empty" (and must contain non-whitespace text):
  // vercel/ai#5576, anthropics/claude-code#59812.
  it('empty and whitespace-only text blocks are left out; other blocks keep their order', () => {
    const result = new ToolResult({
      name: 't',
      id: 'toolu_1',
      content: [
        { type: 'text', text: '' },
        { type: 'text', text: 'first' },
        { type: 'text', text: '  \t\n' },
        { type: 'text', text: ' second ' },
      ],
    });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: ' second ' },
      ],
    });
  });

  it("a success result of blank text only sends '' (an empty success is accepted)", () => {
    const result = new ToolResult({
      name: 't',
      id: 'toolu_1',
      content: [{ type: 'text', text: '' }],
    });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: '',
    });
  });
});
