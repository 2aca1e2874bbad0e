/** Small real payloads for tests: the base64 of files whose leading bytes prove their type. */

function base64Of(bytes: readonly number[], filler = 0): string {
  return Buffer.from([...bytes, ...new Array(16).fill(filler)]).toString('base64');
}

/** A 1x1 PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const JPEG_BASE64 = base64Of([0xff, 0xd8, 0xff, 0xe0]);
export const GIF_BASE64 = base64Of([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);
export const WEBP_BASE64 = base64Of([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);
export const BMP_BASE64 = base64Of([0x42, 0x4d]);
/** `%PDF-1.4\n` and a little more. */
export const PDF_BASE64 = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n').toString('base64');
export const WAV_BASE64 = base64Of([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
export const ZIP_BASE64 = base64Of([0x50, 0x4b, 0x03, 0x04]);
export const TEXT_BLOB_BASE64 = Buffer.from('Grüße aus Köln\nzweite Zeile').toString('base64');
