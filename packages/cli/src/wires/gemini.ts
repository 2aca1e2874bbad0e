import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in a Gemini body: `functionResponse` parts, which carry the tool name. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  return asArray(isObject(body) ? body.contents : undefined)
    .filter(isObject)
    .flatMap((content) => asArray(content.parts).filter(isObject))
    .map((part) => part.functionResponse)
    .filter(isObject)
    .map((response) => ({
      callId: asString(response.id),
      name: asString(response.name),
      block: { functionResponse: response },
    }));
}
