import { readFileSync } from 'node:fs';

function readVersion(): string {
  // The package's own manifest: one level up from src/ and dist/, two from dist/node/.
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (manifest.name === '@crosswire/cli' && typeof manifest.version === 'string')
        return manifest.version;
    } catch {
      // Not there: try the next level.
    }
  }
  return '0.0.0';
}

/** The version of @crosswire/cli, read from its package.json. */
export const CLI_VERSION: string = readVersion();
