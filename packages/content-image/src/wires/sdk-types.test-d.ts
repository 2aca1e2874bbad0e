/**
 * Compile-time oracles: the serializer outputs fit the official SDK types where the SDK
 * types are no narrower than the wire (our media type and detail are open strings, the SDKs
 * list known values; those two fields are checked by value in the runtime tests).
 */
import type { MessageParam, URLImageSource } from '@anthropic-ai/sdk/resources/messages';
import type { Part } from '@google/genai';
import type { Message } from 'ollama';
import type { ChatCompletionContentPartImage } from 'openai/resources/chat/completions';
import type { ResponseInputImage } from 'openai/resources/responses/responses';
import { Image } from '../image.js';

const image = Image.fromBase64('iVBORw0KGgo=', { mediaType: 'image/png' });

// Gemini: the camelCase form is a @google/genai Part as it is.
export const geminiPart: Part = image.toGemini({ camelCase: true });

// Ollama: the raw base64 string is one entry of Message.images.
export const ollamaMessage: Message = {
  role: 'user',
  content: 'What is this?',
  images: [image.toOllama()],
};

// OpenAI chat: the part without detail is the SDK's image part.
const openai = image.toOpenAI();
export const openaiPart: ChatCompletionContentPartImage = {
  type: openai.type,
  image_url: { url: openai.image_url.url },
};

// Responses: type and image_url as the SDK has them (detail is required there, 'auto' by the API's default).
const responses = image.toResponses();
export const responsesPart: ResponseInputImage = {
  type: responses.type,
  image_url: responses.image_url,
  detail: 'auto',
};

// Anthropic: the URL source is the SDK's URLImageSource.
const anthropic = Image.fromUrl('https://example.com/cat.png').toAnthropic();
if (anthropic.source.type === 'url') {
  const source: URLImageSource = anthropic.source;
  const message: MessageParam = { role: 'user', content: [{ type: 'image', source }] };
  void message;
}
