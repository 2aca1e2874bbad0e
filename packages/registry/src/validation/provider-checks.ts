import { carriesNative, isWireFormat, type MediaKind } from '@crosswire/core';
import { CAPABILITY_NAMES, type CapabilityName, QUIRK_NAMES } from '../capabilities.js';
import type { RegistryFile } from '../files.js';
import type { ConditionalClaim } from '../schema.js';
import { baseName, checkClaim } from './common-checks.js';
import { formatPath, type RegistryIssue } from './issues.js';
import type { LabIndex } from './lab-checks.js';

/** The wires each `tool_result_image_fallback` value has a form on. */
const IMAGE_FALLBACK_WIRES: Readonly<Record<'user-message' | 'tool-message', readonly string[]>> = {
  'user-message': ['openai', 'ollama', 'hermes', 'gemini'],
  'tool-message': ['ollama'],
};

/** The wires the prompt-cache quirks apply to. */
const CACHE_QUIRK_WIRES: ReadonlyArray<
  readonly ['usage_cache_reads_in_input' | 'cache_control' | 'prompt_cache_key', readonly string[]]
> = [
  ['usage_cache_reads_in_input', ['anthropic']],
  ['cache_control', ['anthropic']],
  ['prompt_cache_key', ['openai', 'responses']],
];

const KIND_OF: Partial<Record<CapabilityName, MediaKind>> = {
  tool_result_images: 'image',
  tool_result_pdf: 'pdf',
};

/**
 * The cross-field checks of the provider files, pushed to `issues`: each provider named as its
 * file, provider names used once, cloud URL params declared, quirks with their provenance and on
 * their wire, claims the wire can carry about known models and families, offering and retired
 * names used once, limits within the context window, retirements in the past moved to
 * `retired`, a default model that is a current offering or a known model.
 */
export function checkProviders(
  files: readonly RegistryFile[],
  { models, families, modelNames }: LabIndex,
  /** Labs whose file failed its schema: references into them are not reported again. */
  brokenLabs: ReadonlySet<string>,
  /** The data's date: offerings retired on or before it belong in `retired`. */
  asOf: string | undefined,
  issues: RegistryIssue[],
): void {
  const isDangling = (reference: string): boolean =>
    !models.has(reference) && !brokenLabs.has(reference.slice(0, reference.indexOf('/')));

  const providerNames = new Map<string, string>();
  for (const entry of files) {
    if (entry.kind !== 'provider') continue;
    const { data, file } = entry;
    const expected = baseName(file);
    if (expected !== undefined && file.includes('providers') && expected !== data.id) {
      issues.push({
        file,
        path: 'id',
        message: `provider id "${data.id}" does not match the file name (expected "${expected}")`,
      });
    }
    for (const [index, name] of [data.id, ...(data.aliases ?? [])].entries()) {
      const previous = providerNames.get(name);
      if (previous) {
        issues.push({
          file,
          path: index === 0 ? 'id' : formatPath(['aliases', index - 1]),
          message: `provider name "${name}" is already used by ${previous}`,
        });
      }
      providerNames.set(name, file);
    }
    const wire = data.tool_wire_format;
    // Every `{name}` a URL names is a cloud param the engine can fill (`{model}` in the paths).
    const declared = new Set(Object.keys(data.cloud?.params ?? {}));
    const urls: [string, string][] = [
      ['base_url', data.base_url],
      ...(data.cloud?.base_url === undefined
        ? []
        : [['cloud.base_url', data.cloud.base_url] as [string, string]]),
      ...(data.cloud?.base_url_overrides ?? []).map((override, index): [string, string] => [
        formatPath(['cloud', 'base_url_overrides', index, 'base_url']),
        override.base_url,
      ]),
    ];
    for (const [path, url] of urls) {
      for (const [, name] of url.matchAll(/\{([^}]*)\}/g)) {
        if (declared.has(name as string)) continue;
        issues.push({
          file,
          path,
          message: `{${name}} is not a cloud param of this provider (declare it in cloud.params)`,
        });
      }
    }

    const quirks = data.quirks ?? {};
    for (const name of QUIRK_NAMES) {
      const set = quirks[name] !== undefined;
      const sourced = data.quirk_sources?.[name] !== undefined;
      if (set && !sourced) {
        issues.push({
          file,
          path: formatPath(['quirk_sources', name]),
          message: `quirk "${name}" needs its provenance in quirk_sources.${name} (evidence, date, source)`,
        });
      }
      if (!set && sourced) {
        issues.push({
          file,
          path: formatPath(['quirk_sources', name]),
          message: `quirk_sources.${name} is given but the quirk "${name}" is not set`,
        });
      }
    }
    if (quirks.source_blocks !== undefined && wire !== 'anthropic') {
      issues.push({
        file,
        path: 'quirks.source_blocks',
        message: `source_blocks applies to the anthropic wire only (this provider speaks ${wire})`,
      });
    }
    for (const [name, wires] of CACHE_QUIRK_WIRES) {
      if (quirks[name] !== undefined && !wires.includes(wire)) {
        issues.push({
          file,
          path: `quirks.${name}`,
          message: `${name} applies to the ${wires.join(', ')} wire${wires.length > 1 ? 's' : ''} only (this provider speaks ${wire})`,
        });
      }
    }
    const fallback = quirks.tool_result_image_fallback;
    if (fallback !== undefined && !IMAGE_FALLBACK_WIRES[fallback].includes(wire)) {
      issues.push({
        file,
        path: 'quirks.tool_result_image_fallback',
        message: `tool_result_image_fallback "${fallback}" applies to the ${IMAGE_FALLBACK_WIRES[fallback].join(', ')} wires only (this provider speaks ${wire})`,
      });
    }

    for (const name of CAPABILITY_NAMES) {
      const given = data.capabilities?.[name];
      if (given === undefined) continue;
      const list: readonly ConditionalClaim[] = Array.isArray(given) ? given : [given];
      list.forEach((claim, index) => {
        const path: PropertyKey[] = Array.isArray(given)
          ? ['capabilities', name, index]
          : ['capabilities', name];
        checkClaim(issues, file, path, claim);
        const kind = KIND_OF[name];
        if (kind && claim.value === true && isWireFormat(wire) && !carriesNative(wire, kind)) {
          issues.push({
            file,
            path: formatPath([...path, 'value']),
            message: `claims ${name} true, but the ${wire} wire has no native ${kind} form in a tool result (carriesNative is false); remove the claim`,
          });
        }
        if (claim.when?.model && isDangling(claim.when.model)) {
          issues.push({
            file,
            path: formatPath([...path, 'when', 'model']),
            message: `unknown model "${claim.when.model}" (no lab file defines it)`,
          });
        }
        if (claim.when?.family && !families.has(claim.when.family)) {
          issues.push({
            file,
            path: formatPath([...path, 'when', 'family']),
            message: `unknown family "${claim.when.family}" (no model or family entry has it)`,
          });
        }
        if (Array.isArray(given) && claim.when === undefined && index < given.length - 1) {
          issues.push({
            file,
            path: formatPath([...path, 'when']),
            message: `claim has no "when" and matches every model, so the claims after it are unreachable; move it last`,
          });
        }
      });
    }

    const offeringNames = new Map<string, number>();
    data.offerings?.forEach((offering, index) => {
      if (isDangling(offering.model)) {
        issues.push({
          file,
          path: formatPath(['offerings', index, 'model']),
          message: `unknown model "${offering.model}" (no lab file defines it)`,
        });
      }
      for (const [nameIndex, name] of [offering.id, ...(offering.aliases ?? [])].entries()) {
        const lower = name.toLowerCase();
        const previous = offeringNames.get(lower);
        if (previous !== undefined) {
          issues.push({
            file,
            path: formatPath(
              nameIndex === 0
                ? ['offerings', index, 'id']
                : ['offerings', index, 'aliases', nameIndex - 1],
            ),
            message: `offering name "${name}" is already used by offerings[${previous}]`,
          });
        }
        offeringNames.set(lower, index);
      }
      const model = models.get(offering.model);
      const context = offering.limits?.context ?? model?.limits?.context;
      const output = offering.limits?.output ?? model?.limits?.output;
      // Inherited limits were checked on the model; report here only what the offering sets.
      const ownLimit =
        offering.limits?.context !== undefined || offering.limits?.output !== undefined;
      if (ownLimit && context !== undefined && output !== undefined && output > context) {
        issues.push({
          file,
          path: formatPath([
            'offerings',
            index,
            'limits',
            offering.limits?.output ? 'output' : 'context',
          ]),
          message: `output limit ${output} exceeds the context window ${context}`,
        });
      }
      const offeringWire = offering.wire ?? wire;
      for (const name of CAPABILITY_NAMES) {
        const claim = offering.capabilities?.[name];
        if (!claim) continue;
        const path = ['offerings', index, 'capabilities', name];
        checkClaim(issues, file, path, claim);
        const kind = KIND_OF[name];
        if (kind && claim.value === true && !carriesNative(offeringWire, kind)) {
          issues.push({
            file,
            path: formatPath([...path, 'value']),
            message: `claims ${name} true, but the ${offeringWire} wire has no native ${kind} form in a tool result (carriesNative is false); remove the claim`,
          });
        }
      }
    });
    const retiredNames = new Set<string>();
    data.retired?.forEach((retired, index) => {
      if (isDangling(retired.model)) {
        issues.push({
          file,
          path: formatPath(['retired', index, 'model']),
          message: `unknown model "${retired.model}" (no lab file defines it)`,
        });
      }
      for (const [nameIndex, name] of [retired.id, ...(retired.aliases ?? [])].entries()) {
        const lower = name.toLowerCase();
        const path =
          nameIndex === 0 ? ['retired', index, 'id'] : ['retired', index, 'aliases', nameIndex - 1];
        if (offeringNames.has(lower) || retiredNames.has(lower)) {
          issues.push({
            file,
            path: formatPath(path),
            message: `name "${name}" is also a current or retired offering of this provider; a name means one offering`,
          });
        }
        retiredNames.add(lower);
      }
      if (retired.deprecated !== undefined && retired.deprecated > retired.retired) {
        issues.push({
          file,
          path: formatPath(['retired', index, 'deprecated']),
          message: `deprecated ${retired.deprecated} is after retired ${retired.retired}`,
        });
      }
    });
    data.offerings?.forEach((offering, index) => {
      const retired = offering.lifecycle?.retired;
      if (retired !== undefined && asOf !== undefined && retired <= asOf) {
        issues.push({
          file,
          path: formatPath(['offerings', index, 'lifecycle', 'retired']),
          message: `retired on ${retired}, on or before the data's date ${asOf}: move the offering to "retired"`,
        });
      }
    });
    if (data.default_model !== undefined && retiredNames.has(data.default_model.toLowerCase())) {
      issues.push({
        file,
        path: 'default_model',
        message: `default_model "${data.default_model}" is retired; the default must be a current offering`,
      });
    } else if (
      data.default_model !== undefined &&
      !offeringNames.has(data.default_model.toLowerCase()) &&
      !modelNames.has(data.default_model.toLowerCase())
    ) {
      issues.push({
        file,
        path: 'default_model',
        message: `default_model "${data.default_model}" is neither an offering nor a known model`,
      });
    }
  }
}
