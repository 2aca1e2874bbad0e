/**
 * The canonical image for LLM requests: constructors, per-wire serializers, and guarded fetching
 * that closes SSRF and DNS rebinding.
 *
 * @module @crosswire/content-image
 */

export {
  ImageFetchError,
  type ImageFetchErrorCode,
  ImageNotFetchedError,
} from '@crosswire/core';
export {
  type AddressVerdict,
  CLOUD_METADATA_ADDRESSES,
  checkAddress,
  DENIED_IPV4_RANGES,
  DENIED_IPV6_RANGES,
  type DeniedRange,
} from './address-policy.js';
export {
  type DenyPrivateHostsFilter,
  type DenyPrivateHostsOptions,
  denyPrivateHosts,
  type HostAnswer,
  type HostDecision,
  type HostResolver,
  type UrlFilter,
  type VettedAddress,
} from './deny-private-hosts.js';
export {
  DECODABLE_ENCODINGS,
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  type EnsureBase64Options,
  FALLBACK_TIMEOUT_MS,
  type FetchedImage,
  MAX_REDIRECTS,
} from './fetch-options.js';
export { isDenyPrivateHostsFilter } from './guard-brand.js';
export {
  Image,
  type ImageDataOptions,
  type ImageDescription,
  type ImageOptions,
  type ImageRecord,
  parseImageUrl,
} from './image.js';
export { fetchImage } from './lazy-fetch.js';
export type { FetchTlsOptions } from './pinned-agent.js';
export { bedrockImageFormat } from './wires/bedrock.js';
export type { ImagePartByWire } from './wires/index.js';
export type {
  AnthropicImagePart,
  BedrockImageFormat,
  BedrockImagePart,
  GeminiCamelImagePart,
  GeminiImagePart,
  GeminiOptions,
  InlineOptions,
  LMStudioImagePart,
  OpenAIImagePart,
  ResponsesImagePart,
} from './wires/types.js';
