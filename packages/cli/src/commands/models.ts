import {
  CAPABILITY_NAMES,
  type CapabilityName,
  defaultRegistry,
  isCapabilityName,
  type Resolution,
  type Tristate,
} from '@crosswire/registry';
import { flag, stringListOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { type CellInput, jsonText, renderTable, type Style, styleFor } from '../format.js';

const help = `Usage: crosswire models [PROVIDER]... [--provider ID]... [--capability NAME[=VALUE]]... [--json]

Lists the models each provider serves, from the registry: the curated offerings and the
models the imported models.dev catalogue adds, with the effective value of every
capability as that provider serves the model. Retired offerings are left out;
deprecated ones are marked.

Arguments:
  PROVIDER                   only this provider (id or alias), the same as --provider

Options:
  --provider ID              only this provider (id or alias); repeat for several
  --capability NAME[=VALUE]  only models whose capability has VALUE (true, false or
                             unknown; default true); repeat to require several.
                             NAME is one of: ${CAPABILITY_NAMES.join(', ')}
  --json                     print the list as JSON
  -h, --help                 show this help

Columns: tools, image (image_input), pdf (pdf_input), audio (audio_input), tr-image
(tool_result_images), tr-pdf (tool_result_pdf): yes, no or ? (unknown); "from" says
whether the curated data or only the catalogue answered.

Examples:
  crosswire models --provider anthropic
  crosswire models anthropic openai
  crosswire models --capability tool_result_pdf
  crosswire models --provider openrouter --capability image_input --capability tools
`;

interface Filter {
  readonly capability: CapabilityName;
  readonly value: Tristate;
}

function parseFilter(text: string): Filter {
  const [name = '', value = 'true'] = text.split('=', 2);
  if (!isCapabilityName(name)) {
    throw new UsageError(
      `models: unknown capability "${name}" (one of: ${CAPABILITY_NAMES.join(', ')})`,
      'models',
    );
  }
  const values: Record<string, Tristate> = { true: true, false: false, unknown: 'unknown' };
  const parsed = values[value];
  if (parsed === undefined) {
    throw new UsageError(
      `models: capability value "${value}" is not one of true, false, unknown`,
      'models',
    );
  }
  return { capability: name, value: parsed };
}

const SHORT: Record<CapabilityName, string> = {
  tools: 'tools',
  image_input: 'image',
  pdf_input: 'pdf',
  audio_input: 'audio',
  tool_result_images: 'tr-image',
  tool_result_pdf: 'tr-pdf',
};

function valueCell(value: Tristate, style: Style): CellInput {
  if (value === true) return { text: 'yes', styled: style.green('yes') };
  if (value === false) return { text: 'no', styled: style.red('no') };
  return { text: '?', styled: style.yellow('?') };
}

function origin(resolution: Resolution): string {
  const model = resolution.model;
  if (model === undefined) return '-';
  return model.origin === 'catalogue' || model.origin === 'listing' ? model.origin : 'data';
}

/** `crosswire models`: which models on which providers can do what. */
export const modelsCommand: Command = {
  name: 'models',
  summary: 'list the models providers serve, filtered by capability',
  help,
  options: {
    provider: { type: 'string', multiple: true },
    capability: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const filters = stringListOption(args, 'capability').map(parseFilter);
    const requested = [...args.positionals, ...stringListOption(args, 'provider')];
    // An unknown provider is a typed registry error naming the known ones.
    const providers =
      requested.length > 0
        ? requested.map((id) => defaultRegistry.provider(id))
        : defaultRegistry.providers();
    const rows: Resolution[] = [];
    for (const provider of providers) {
      for (const model of defaultRegistry.servedModels(provider.id)) {
        const resolution = defaultRegistry.resolve({ provider: provider.id, model });
        const values = resolution.capabilities;
        if (filters.every((filter) => values[filter.capability].value === filter.value)) {
          rows.push(resolution);
        }
      }
    }
    if (flag(args, 'json')) {
      io.stdout(
        jsonText(
          rows.map((resolution) => ({
            provider: resolution.provider?.id,
            model: resolution.requested,
            from: origin(resolution),
            status: resolution.lifecycle?.status ?? 'current',
            limits: resolution.limits,
            values: Object.fromEntries(
              CAPABILITY_NAMES.map((name) => [name, resolution.capabilities[name].value]),
            ),
          })),
        ),
      );
      return EXIT_OK;
    }
    const style = styleFor(io);
    if (rows.length === 0) {
      io.stdout('no model matches\n');
      return EXIT_OK;
    }
    const table = renderTable(
      ['provider', 'model', ...CAPABILITY_NAMES.map((name) => SHORT[name]), 'from', 'status'],
      rows.map((resolution) => [
        resolution.provider?.id ?? '-',
        resolution.requested,
        ...CAPABILITY_NAMES.map((name) => valueCell(resolution.capabilities[name].value, style)),
        origin(resolution),
        resolution.lifecycle?.status ?? 'current',
      ]),
      style,
    );
    io.stdout(`${table}${rows.length} model${rows.length === 1 ? '' : 's'}\n`);
    return EXIT_OK;
  },
};
