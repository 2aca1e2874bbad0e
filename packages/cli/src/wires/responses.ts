import { asArray, type DeliveredToolResult, isObject, namedResults } from './delivered.js';

/** Tool results in an OpenAI Responses body: `function_call_output` input items. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const items = asArray(isObject(body) ? body.input : undefined).filter(isObject);
  return namedResults(
    items
      .filter((item) => item.type === 'function_call')
      .map((item) => ({ id: item.call_id, name: item.name })),
    items.filter((item) => item.type === 'function_call_output'),
    (item) => item.call_id,
  );
}
