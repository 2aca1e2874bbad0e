import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    // One level up from both src/ and dist/: the package's own manifest.
    const manifest = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    ) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The version of @crosswire/cli, read from its package.json. */
export const CLI_VERSION: string = readVersion();
