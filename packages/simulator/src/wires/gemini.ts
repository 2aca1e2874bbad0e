import {
  argumentsObject,
  asArray,
  CallLedger,
  containsBase64Payload,
  estimateTokens,
  isObject,
  type Json,
} from '../checks.js';
import type { InspectContext, Inspection, ReceivedToolResult, SimulatorWire } from '../types.js';

const PART_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
];

function checkPart(part: unknown, at: string, violations: string[]): void {
  if (!isObject(part)) {
    violations.push(`${at}: part must be an object`);
    return;
  }
  const fields = PART_FIELDS.filter((field) => part[field] !== undefined);
  if (fields.length !== 1)
    violations.push(`${at}: a part holds exactly one of ${PART_FIELDS.join(', ')}`);
  if (isObject(part.inlineData)) {
    const { mimeType, data } = part.inlineData;
    if (typeof mimeType !== 'string' || typeof data !== 'string' || data === '') {
      violations.push(`${at}.inlineData needs mimeType and base64 data`);
    }
  }
  if (isObject(part.fileData) && /^https?:\/\//.test(String(part.fileData.fileUri))) {
    violations.push(`${at}: image URL sent as fileData; gemini needs the bytes inline`);
  }
}

/**
 * Gemini on Vertex AI (https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.publishers.models/generateContent):
 * `/projects/P/locations/L/publishers/google/models/M:generateContent` with an OAuth access
 * token, or in express mode `/publishers/google/models/M:generateContent` with an API key.
 */
function checkVertex(
  path: string,
  context: InspectContext | undefined,
  violations: string[],
): void {
  if (!path.includes('/publishers/google/models/')) return;
  const express = !path.includes('/projects/');
  if (
    !express &&
    !/\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/[^/]+$/.test(path)
  )
    violations.push(
      `${path}: not projects/PROJECT/locations/LOCATION/publishers/google/models/MODEL`,
    );
  const headers = context?.headers;
  if (headers === undefined) return;
  const bearer = /^Bearer \S+$/.test(headers.authorization ?? '');
  const key = (headers['x-goog-api-key'] ?? '') !== '';
  if (express && !key)
    violations.push(
      'x-goog-api-key: Vertex AI express mode (no project in the path) takes an API key',
    );
  else if (!express && !bearer && !key)
    violations.push('authorization: missing (Vertex AI takes an OAuth access token as Bearer)');
}

function inspect(body: unknown, path: string, context?: InspectContext): Inspection {
  const violations: string[] = [];
  const model = /\/models\/([^/:]+):(?:streamGenerateContent|generateContent)$/.exec(path)?.[1];
  checkVertex(path, context, violations);
  if (!isObject(body))
    return { model, tools: [], toolResults: [], violations: ['body must be a JSON object'] };
  if (body.model !== undefined)
    violations.push('gemini names the model in the path, not in the body');
  const tools: string[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (!isObject(tool)) {
      violations.push(`tools[${index}] must be an object`);
      return;
    }
    asArray(tool.functionDeclarations).forEach((declaration, declarationIndex) => {
      if (!isObject(declaration) || typeof declaration.name !== 'string') {
        violations.push(`tools[${index}].functionDeclarations[${declarationIndex}] needs a name`);
        return;
      }
      const schema = declaration.parameters ?? declaration.parametersJsonSchema;
      if (schema !== undefined && !isObject(schema))
        violations.push(`${declaration.name}: parameters must be an object`);
      if (isObject(declaration.parameters) && '$schema' in declaration.parameters) {
        violations.push(`${declaration.name}: parameters must not carry $schema`);
      }
      tools.push(declaration.name);
    });
  });
  if (body.systemInstruction !== undefined) {
    const system = body.systemInstruction;
    if (!isObject(system) || !Array.isArray(system.parts))
      violations.push('systemInstruction must be { parts }');
  }
  const contents = asArray(body.contents);
  if (contents.length === 0) violations.push('contents must be a non-empty array');
  const ledger = new CallLedger(false);
  let toolResults: ReceivedToolResult[] = [];
  let callIds = new Set<string>();
  contents.forEach((content, index) => {
    const where = `contents[${index}]`;
    if (!isObject(content) || !['user', 'model', 'function'].includes(String(content.role))) {
      violations.push(`${where}: role must be user or model`);
      return;
    }
    const parts = asArray(content.parts);
    if (parts.length === 0) violations.push(`${where}: parts must be a non-empty array`);
    parts.forEach((part, partIndex) => {
      checkPart(part, `${where}.parts[${partIndex}]`, violations);
    });
    if (content.role === 'model') {
      // Gemini 3 validates thought signatures: the first functionCall part of each model turn
      // must carry one (the model's own, or the documented skip value).
      const firstCall = parts.find((part) => isObject(part) && isObject(part.functionCall));
      if (
        /^gemini-3/.test(model ?? '') &&
        isObject(firstCall) &&
        (typeof firstCall.thoughtSignature !== 'string' || firstCall.thoughtSignature === '')
      ) {
        violations.push(
          `${where}: Function call is missing a thought_signature in functionCall parts`,
        );
      }
      const calls = parts
        .filter((part): part is Json => isObject(part) && isObject(part.functionCall))
        .map((part) => {
          const call = part.functionCall as Json;
          return {
            id: typeof call.id === 'string' ? call.id : '',
            name: typeof call.name === 'string' ? call.name : '',
          };
        });
      if (calls.length > 0) {
        ledger.calls(calls, where);
        callIds = new Set(calls.map((call) => call.id).filter((id) => id !== ''));
        toolResults = [];
      } else ledger.closeTurn(where);
      return;
    }
    parts.forEach((part, partIndex) => {
      if (!isObject(part) || !isObject(part.functionResponse)) return;
      const at = `${where}.parts[${partIndex}]`;
      const response = part.functionResponse;
      const name = typeof response.name === 'string' ? response.name : '';
      const id = typeof response.id === 'string' ? response.id : '';
      if (name === '') violations.push(`${at}.functionResponse needs a name`);
      if (!isObject(response.response))
        violations.push(`${at}.functionResponse.response must be an object`);
      // Gemini reads `response` as JSON text: an image or PDF in it is tokens the model cannot
      // see (media belong in `parts`, or in a user content where the model takes none there).
      else if (containsBase64Payload(JSON.stringify(response.response)))
        violations.push(`${at}.functionResponse.response carries a base64 payload`);
      if (id !== '' && !callIds.has(id))
        violations.push(`${at}.functionResponse.id ${id} answers no call`);
      asArray(response.parts).forEach((inner, innerIndex) => {
        if (!isObject(inner) || !isObject(inner.inlineData)) {
          violations.push(`${at}.functionResponse.parts[${innerIndex}] must be inlineData`);
        }
      });
      ledger.result(id, name, where);
      toolResults.push({ id, name, block: part });
    });
    ledger.closeTurn(where);
  });
  ledger.closeTurn('end of contents');
  return { model, tools, toolResults, violations: [...violations, ...ledger.violations] };
}

export const wire: SimulatorWire = {
  matches: (path) => /\/models\/[^/:]+:(?:streamGenerateContent|generateContent)$/.test(path),
  inspect,
  reply(step, context) {
    const parts: Json[] = [];
    if (step.text) parts.push({ text: step.text });
    if (step.type === 'tool_calls') {
      step.calls.forEach((call, index) => {
        parts.push({
          functionCall: {
            name: call.name,
            args: argumentsObject(call.arguments),
            ...(call.id ? { id: call.id } : {}),
          },
          // Gemini 3 signs the first call of a turn (base64 of an opaque value).
          ...(index === 0 && /^gemini-3/.test(context.model)
            ? { thoughtSignature: Buffer.from(`sim-${context.turn}`).toString('base64') }
            : {}),
        });
      });
    }
    const output = estimateTokens(parts);
    return {
      candidates: [
        {
          content: { role: 'model', parts },
          finishReason: step.finish === 'length' ? 'MAX_TOKENS' : 'STOP',
          index: 0,
        },
      ],
      usageMetadata: context.usage
        ? {
            promptTokenCount: context.usage.input,
            candidatesTokenCount: output,
            totalTokenCount: context.usage.input + output,
            ...(context.usage.cacheRead > 0
              ? { cachedContentTokenCount: context.usage.cacheRead }
              : {}),
          }
        : {
            promptTokenCount: 10 * context.turn,
            candidatesTokenCount: output,
            totalTokenCount: 10 * context.turn + output,
          },
      modelVersion: context.model,
    };
  },
  errorBody: (status, message, code) => ({
    error: {
      code: status,
      message,
      status:
        code ??
        (status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT'),
    },
  }),
};
