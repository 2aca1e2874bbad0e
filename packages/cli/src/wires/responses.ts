import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in an OpenAI Responses body: `function_call_output` input items. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const items = asArray(isObject(body) ? body.input : undefined).filter(isObject);
  const names = new Map<string, string>();
  for (const item of items) {
    const id = asString(item.call_id);
    const name = asString(item.name);
    if (item.type === 'function_call' && id !== undefined && name !== undefined)
      names.set(id, name);
  }
  return items
    .filter((item) => item.type === 'function_call_output')
    .map((item) => {
      const callId = asString(item.call_id);
      return { callId, name: callId === undefined ? undefined : names.get(callId), block: item };
    });
}
