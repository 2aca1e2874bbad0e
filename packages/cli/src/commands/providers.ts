import { defaultRegistry, type ProviderEntry } from '@crosswire/registry';
import { expectPositionals, flag, parseWire, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK } from '../errors.js';
import { jsonText, renderTable, styleFor } from '../format.js';

const help = `Usage: crosswire providers [--wire W] [--json]

Lists the providers of the registry: the id to pass as --provider (convert, caps, the
engines' createEngine), the wire it speaks, its name, the environment variable its API
key is read from, and the other names it answers to. One provider is one endpoint
speaking one wire: OpenAI's Responses API is the provider openai-responses, and the
/anthropic endpoints of other vendors are their own providers (moonshot-anthropic, ...).

Options:
  --wire W            only the providers of that wire (openai, anthropic, gemini,
                      ollama, responses, hermes, bedrock)
  --json              print the list as JSON
  -h, --help          show this help

Examples:
  crosswire providers
  crosswire providers --wire anthropic
`;

function keyText(provider: ProviderEntry): string {
  if (provider.auth === null) return 'none';
  const env = provider.apiKeyEnv ?? 'apiKey';
  return provider.auth.required ? env : `${env} (optional)`;
}

/** `crosswire providers`: the registry's providers and the wire each speaks. */
export const providersCommand: Command = {
  name: 'providers',
  summary: 'list the providers of the registry and the wire each speaks',
  help,
  options: {
    wire: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    expectPositionals('providers', args, []);
    const wireText = stringOption(args, 'wire');
    const wire = wireText === undefined ? undefined : parseWire('providers', wireText);
    const providers = defaultRegistry
      .providers()
      .filter((provider) => wire === undefined || provider.wire === wire);
    if (flag(args, 'json')) {
      io.stdout(
        jsonText(
          providers.map((provider) => ({
            id: provider.id,
            name: provider.name,
            wire: provider.wire,
            aliases: provider.aliases,
            apiKeyEnv: provider.apiKeyEnv ?? null,
            keyRequired: provider.auth?.required ?? false,
            baseUrl: provider.baseUrl,
            docs: provider.docs,
          })),
        ),
      );
      return EXIT_OK;
    }
    const rows = providers.map((provider) => [
      provider.id,
      provider.wire,
      provider.name,
      keyText(provider),
      provider.aliases.join(', '),
    ]);
    io.stdout(renderTable(['provider', 'wire', 'name', 'key', 'aliases'], rows, styleFor(io)));
    return EXIT_OK;
  },
};
