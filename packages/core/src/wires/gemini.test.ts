import { describe, expect, it } from 'vitest';
import { createToolCall } from '../tool-call.js';
import { extractToolCall, formatToolCall, locateToolCalls } from '../tools.js';

// Gemini 3 answers HTTP 400 "Function call is missing a thought_signature in functionCall
// parts" for a replayed call without a signature; Google documents the sentinel
// `skip_thought_signature_validator` for calls Gemini did not produce:
// https://ai.google.dev/gemini-api/docs/thought-signatures (issue 13, defect 3; the AI SDK
// does the same since vercel/ai#15560).
describe('gemini functionCall parts and thoughtSignature', () => {
  it('a call that did not come from Gemini carries the documented sentinel', () => {
    const call = createToolCall({ id: 'call_1', name: 'weather', arguments: { city: 'Oslo' } });
    expect(formatToolCall('gemini', call)).toEqual({
      functionCall: { name: 'weather', args: { city: 'Oslo' }, id: 'call_1' },
      thoughtSignature: 'skip_thought_signature_validator',
    });
  });

  it('so does a gemini call rebuilt from saved history without its raw part', () => {
    const call = createToolCall({ name: 'weather', arguments: {}, wire: 'gemini' });
    expect(formatToolCall('gemini', call)).toEqual({
      functionCall: { name: 'weather', args: {} },
      thoughtSignature: 'skip_thought_signature_validator',
    });
  });

  it('a call from a Gemini reply keeps its own signature, or none (parallel calls after the first)', () => {
    const reply = {
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { functionCall: { name: 'a', args: {} }, thoughtSignature: 'c2lnLWE=' },
              { functionCall: { name: 'b', args: {} } },
            ],
          },
        },
      ],
    };
    const [first, second] = locateToolCalls('gemini', reply).map((raw) =>
      formatToolCall('gemini', extractToolCall('gemini', raw) as never),
    );
    expect(first).toEqual({ functionCall: { name: 'a', args: {} }, thoughtSignature: 'c2lnLWE=' });
    expect(second).toEqual({ functionCall: { name: 'b', args: {} } });
  });
});
