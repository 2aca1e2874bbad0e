// Message content in the shapes of the GenAI conventions (gen-ai-input-messages.json,
// gen-ai-output-messages.json, gen-ai-system-instructions.json), recorded only with
// `captureContent: true`. Every base64 payload becomes the size note the engines' hooks write
// (`summarizePayloads`); JSON-encoded, since span attributes hold no structured values yet.
import { type EngineResponse, type RequestEvent, summarizePayloads } from '@crosswire/engines';

type Part = Readonly<Record<string, unknown>>;
interface Message {
  readonly role: string;
  readonly parts: readonly Part[];
  readonly finish_reason?: string;
}

/** The system instructions and the other messages of a request, in the conventions' shapes. */
export function inputContent(messages: RequestEvent['messages']): {
  system: Part[];
  input: Message[];
} {
  const system: Part[] = [];
  const input: Message[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push({ type: 'text', content: message.content });
        break;
      case 'user':
        input.push({
          role: 'user',
          parts:
            typeof message.content === 'string'
              ? [{ type: 'text', content: message.content }]
              : message.content.map(userPart),
        });
        break;
      case 'assistant':
        input.push({
          role: 'assistant',
          parts: assistantParts(message.content, message.toolCalls),
        });
        break;
      case 'tool':
        input.push({
          role: 'tool',
          parts: message.results.map((result) => ({
            type: 'tool_call_response',
            id: result.id,
            response: summarizePayloads(result.content),
          })),
        });
        break;
      case 'wire':
        // Neutral messages have none left; one a reader could not read is shown summarised.
        input.push({
          role: 'user',
          parts: [{ type: 'text', content: JSON.stringify(summarizePayloads(message.message)) }],
        });
        break;
      default: {
        const never: never = message;
        throw new Error(`unreachable message role ${JSON.stringify(never)}`);
      }
    }
  }
  return { system, input };
}

/** The reply as the conventions' output messages: one assistant message with its finish reason. */
export function outputContent(response: EngineResponse): Message[] {
  return [
    {
      role: 'assistant',
      parts: assistantParts(response.content, response.toolCalls),
      ...(response.finishReason === undefined ? {} : { finish_reason: response.finishReason }),
    },
  ];
}

/** A value as content records it: base64 payloads as size notes, depth bounded. */
export function summarized(value: unknown): unknown {
  return summarizePayloads(value);
}

function assistantParts(
  content: string,
  calls: readonly {
    readonly id: string;
    readonly name: string;
    readonly arguments: unknown;
  }[] = [],
): Part[] {
  return [
    ...(content === '' ? [] : [{ type: 'text', content }]),
    ...calls.map((call) => ({
      type: 'tool_call',
      id: call.id,
      name: call.name,
      arguments: summarizePayloads(call.arguments),
    })),
  ];
}

type UserPart = Extract<RequestEvent['messages'][number], { role: 'user' }>['content'][number];

function userPart(part: UserPart): Part {
  if (typeof part === 'string') return { type: 'text', content: part };
  if ('type' in part && part.type === 'text') return { type: 'text', content: part.text };
  if ('type' in part && part.type === 'image') {
    return {
      type: 'blob',
      modality: 'image',
      mime_type: part.mimeType,
      content: summarizePayloads(part.data),
    };
  }
  // An `Image`: a URL stays a URL; bytes become their size note.
  const image = part as { url?: string; base64?: string; mediaType?: string };
  return image.url !== undefined
    ? { type: 'uri', modality: 'image', uri: withoutCredentials(image.url) }
    : {
        type: 'blob',
        modality: 'image',
        mime_type: image.mediaType,
        content: summarizePayloads(image.base64 ?? ''),
      };
}

/** A URL without userinfo, query or fragment: a signed URL's credentials live there. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '[not a URL]';
  }
}
