// Test helper: a streamed OpenAI chat-completions reply, the text "Hel" then "lo" with
// finish_reason stop, as SSE frames; [DONE] (the wire's last frame) apart, for where a test
// sends it. Not exported from the package.
const chunk = (content: string, finishReason: string | null) =>
  `data: ${JSON.stringify({
    id: 'c1',
    object: 'chat.completion.chunk',
    model: 'gpt-6.1-sol',
    choices: [{ index: 0, delta: { content }, finish_reason: finishReason }],
  })}\n\n`;

export const FRAME = chunk('Hel', null);
export const END = chunk('lo', 'stop');
export const DONE = 'data: [DONE]\n\n';
