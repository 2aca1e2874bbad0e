import type { RegistryFile } from './files.js';

/**
 * The data's date: the newest date any claim, quirk provenance or lifecycle notice was checked
 * or announced on. "Retired" in the checks means retired on or before it.
 */
export function dataDate(files: readonly RegistryFile[]): string | undefined {
  let newest: string | undefined;
  const visit = (value: unknown, key: string | undefined): void => {
    if (typeof value === 'string') {
      if ((key === 'date' || key === 'deprecated') && (newest === undefined || value > newest)) {
        newest = value;
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, undefined);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) visit(item, name);
    }
  };
  for (const file of files) visit(file.data, undefined);
  return newest;
}
