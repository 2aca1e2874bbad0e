import { requireBase64 } from './require.js';
import type { ImageView } from './types.js';

/** Ollama native /api/chat: the raw base64 payload, one entry of a message's `images`. */
export function imagePart(image: ImageView): string {
  return requireBase64(image, 'toOllama()');
}
