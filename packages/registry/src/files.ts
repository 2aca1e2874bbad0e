import type { LabFile, ProviderFile } from './schema.js';

/** A parsed data file: a lab's models or one provider. */
export type RegistryFile =
  | { readonly kind: 'lab'; readonly file: string; readonly data: LabFile }
  | { readonly kind: 'provider'; readonly file: string; readonly data: ProviderFile };

/** A data file before validation: its name (for messages) and its decoded JSON. */
export interface RegistrySource {
  readonly file: string;
  readonly data: unknown;
}
