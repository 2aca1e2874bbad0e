// Converse (Bedrock) bodies the preflight tests build: the weather call and its answer.

export const text = (value: string) => ({ text: value });
export const use = (id: string) => ({
  toolUse: { toolUseId: id, name: 'get_weather', input: {} },
});
export const result = (id: string, content: unknown[] = [text('ok')], extra: object = {}) => ({
  toolResult: { toolUseId: id, content, ...extra },
});
export const toolConfig = (name = 'get_weather') => ({
  toolConfig: { tools: [{ toolSpec: { name, inputSchema: { json: { type: 'object' } } } }] },
});
/** The weather call and its answer (`results`), the tool offered unless `extra` says otherwise. */
export const toolTurns = (results: unknown[], extra: object = toolConfig()) => ({
  messages: [
    { role: 'user', content: [text('Weather?')] },
    { role: 'assistant', content: [use('tooluse_1')] },
    { role: 'user', content: results },
  ],
  ...extra,
});
