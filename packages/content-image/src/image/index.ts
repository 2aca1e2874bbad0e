/**
 * The canonical image (`Image`, `parseImageUrl` and their types) without the root entry's
 * private-network guard API (`denyPrivateHosts`, `checkAddress` and the address tables): a
 * bundle that builds requests but never fetches leaves the address policy and its IP parser
 * out. `Image.ensureBase64` fetches under the same guard as through the root entry.
 *
 * @module @crosswire/content-image/image
 */

export type { EnsureBase64Options, FetchedImage } from '../fetch-options.js';
export {
  Image,
  type ImageDataOptions,
  type ImageDescription,
  type ImageOptions,
  type ImageRecord,
  parseImageUrl,
} from '../image.js';
