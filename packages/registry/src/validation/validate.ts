import { carriesNative, isWireFormat, type MediaKind } from '@crosswire/core';
import type { z } from 'zod';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  QUIRK_NAMES,
  REQUEST_FEATURE_NAMES,
} from '../capabilities.js';
import { dataDate } from '../data-date.js';
import type { RegistryFile, RegistrySource } from '../files.js';
import { namesResolveIssues } from '../names/check-names.js';
import { compileTemplate } from '../names/names.js';
import {
  type Claim,
  type ConditionalClaim,
  labFileSchema,
  type ModelData,
  providerFileSchema,
} from '../schema.js';
import { formatPath, locatePath, type RegistryIssue } from './issues.js';

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

export { dataDate } from '../data-date.js';
export type { RegistryFile, RegistrySource } from '../files.js';
export { checkNamesResolve } from '../names/check-names.js';
export { formatIssue, formatPath, locatePath, type RegistryIssue } from './issues.js';

/** The value at `path` inside `data`, or undefined when the path does not exist. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

type ZodIssue = z.ZodError['issues'][number];

function quoted(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/**
 * A union's failure as one readable issue list: a union of literals (`true | false |
 * "unknown"`) names every allowed value; a union of shapes (one claim or a list of claims)
 * reports the problems of the branch that came closest.
 */
function unionIssues(issue: ZodIssue & { code: 'invalid_union' }): readonly ZodIssue[] {
  const branches = issue.errors;
  const literals = branches.every(
    (branch) => branch.length === 1 && branch[0]?.code === 'invalid_value',
  );
  if (literals && branches.length > 0) {
    const values = branches.flatMap((branch) =>
      branch[0]?.code === 'invalid_value' ? branch[0].values : [],
    );
    return [{ ...issue, code: 'invalid_value', values } as unknown as ZodIssue];
  }
  const closest = branches
    .filter((branch) => !(branch.length === 1 && branch[0]?.code === 'invalid_type'))
    .sort((left, right) => left.length - right.length)[0];
  if (!closest) return [issue];
  return closest.flatMap((inner) => {
    const nested = { ...inner, path: [...issue.path, ...inner.path] } as ZodIssue;
    return nested.code === 'invalid_union' ? unionIssues(nested) : [nested];
  });
}

function zodIssues(file: string, error: z.ZodError, data: unknown): RegistryIssue[] {
  const flat = error.issues.flatMap((issue) =>
    issue.code === 'invalid_union' ? unionIssues(issue) : [issue],
  );
  return flat.flatMap((issue) => {
    // zod says "expected one of …" for a missing enum field; a contributor needs "missing".
    const key = issue.path.at(-1);
    if (key !== undefined && valueAt(data, issue.path) === undefined) {
      const parent = valueAt(data, issue.path.slice(0, -1));
      if (typeof parent === 'object' && parent !== null && !(key in parent)) {
        return [
          {
            file,
            path: formatPath(issue.path),
            message: `required field is missing (${issue.message})`,
          },
        ];
      }
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        path: formatPath([...issue.path, key]),
        message: `unknown field "${key}" (the schema is strict; check the spelling)`,
      }));
    }
    if (issue.code === 'invalid_value') {
      return [
        {
          file,
          path: formatPath(issue.path),
          message: `got ${JSON.stringify(valueAt(data, issue.path))}; expected ${issue.values.length === 1 ? '' : 'one of '}${issue.values.map(quoted).join(', ')}`,
        },
      ];
    }
    if (issue.code === 'invalid_key') {
      // A bad record key (a header name): say what is wrong with it, not just "invalid key".
      const why = issue.issues.map((inner) => inner.message).join('; ');
      return [{ file, path: formatPath(issue.path), message: why || issue.message }];
    }
    return [{ file, path: formatPath(issue.path), message: issue.message }];
  });
}

/** Tells a lab file (`lab`) from a provider file (`id`) and checks it against its schema. */
export function parseRegistrySource(source: RegistrySource): {
  readonly file?: RegistryFile;
  readonly issues: readonly RegistryIssue[];
} {
  const { data, file } = source;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { issues: [{ file, path: '', message: 'expected a JSON object' }] };
  }
  if ('lab' in data) {
    const parsed = labFileSchema.safeParse(data);
    if (!parsed.success) return { issues: zodIssues(file, parsed.error, data) };
    return { file: { kind: 'lab', file, data: parsed.data }, issues: [] };
  }
  const parsed = providerFileSchema.safeParse(data);
  if (!parsed.success) return { issues: zodIssues(file, parsed.error, data) };
  return { file: { kind: 'provider', file, data: parsed.data }, issues: [] };
}

const KIND_OF: Partial<Record<CapabilityName, MediaKind>> = {
  tool_result_images: 'image',
  tool_result_pdf: 'pdf',
};

function checkClaim(
  issues: RegistryIssue[],
  file: string,
  path: readonly PropertyKey[],
  claim: Claim,
): void {
  if (claim.probe !== undefined && claim.evidence !== 'live') {
    issues.push({
      file,
      path: formatPath([...path, 'probe']),
      message: 'a probe record belongs to a "live" claim (what a live probe observed)',
    });
  }
  if (claim.value === 'unknown') return;
  const needs: ('evidence' | 'date' | 'source')[] =
    claim.value === true ? ['evidence', 'source', 'date'] : ['evidence', 'date'];
  for (const field of needs) {
    if (claim[field] === undefined) {
      issues.push({
        file,
        path: formatPath([...path, field]),
        message:
          field === 'source'
            ? 'a true claim needs a source URL (docs page, changelog or recorded fixture)'
            : `a ${String(claim.value)} claim needs "${field}"`,
      });
    }
  }
}

function baseName(file: string): string | undefined {
  const match = /([^/\\]+)\.json$/.exec(file);
  return match ? match[1] : undefined;
}

/**
 * The checks a schema cannot express: true claims have sources, output limits fit the
 * context, names are unique and resolve, references point at something, quirks have
 * provenance, claims do not contradict the wire.
 */
export function checkRegistryFiles(
  files: readonly RegistryFile[],
  /** Labs whose file failed its schema: references into them are not reported again. */
  brokenLabs: ReadonlySet<string> = new Set(),
): RegistryIssue[] {
  const data = new Map(files.map((entry) => [entry.file, entry.data]));
  return checkFiles(files, brokenLabs).map((issue) => ({
    ...issue,
    path: locatePath(data.get(issue.file), issue.path),
  }));
}

function checkFiles(
  files: readonly RegistryFile[],
  brokenLabs: ReadonlySet<string>,
): RegistryIssue[] {
  const issues: RegistryIssue[] = [];
  const asOf = dataDate(files);
  const labs = new Map<string, string>();
  const models = new Map<string, ModelData>();
  const families = new Set<string>();
  // Every model name (id, alias, snapshot) must point at exactly one model, across labs.
  const modelNames = new Map<string, { key: string; file: string }>();

  const isDangling = (reference: string): boolean =>
    !models.has(reference) && !brokenLabs.has(reference.slice(0, reference.indexOf('/')));

  const claimName = (
    file: string,
    path: readonly PropertyKey[],
    name: string,
    key: string,
  ): void => {
    const lower = name.toLowerCase();
    const existing = modelNames.get(lower);
    if (existing && existing.key !== key) {
      issues.push({
        file,
        path: formatPath(path),
        message: `model name "${name}" is already a name of ${existing.key} (${existing.file})`,
      });
    } else if (existing) {
      issues.push({
        file,
        path: formatPath(path),
        message: `model name "${name}" is listed twice for ${key}`,
      });
    } else {
      modelNames.set(lower, { key, file });
    }
  };

  for (const entry of files) {
    if (entry.kind !== 'lab') continue;
    const { data, file } = entry;
    const expected = baseName(file);
    if (expected !== undefined && file.includes('models') && expected !== data.lab) {
      issues.push({
        file,
        path: 'lab',
        message: `lab "${data.lab}" does not match the file name (expected "${expected}")`,
      });
    }
    const previous = labs.get(data.lab);
    if (previous) {
      issues.push({
        file,
        path: 'lab',
        message: `lab "${data.lab}" is also defined in ${previous}`,
      });
    }
    labs.set(data.lab, file);
    data.families?.forEach((family, familyIndex) => {
      families.add(family.family);
      family.templates.forEach((template, templateIndex) => {
        try {
          compileTemplate(template, family.version_separator);
        } catch (error) {
          issues.push({
            file,
            path: formatPath(['families', familyIndex, 'templates', templateIndex]),
            message: `template does not compile: ${String(error)}`,
          });
        }
      });
      for (const name of CAPABILITY_NAMES) {
        const claim = family.capabilities[name];
        if (claim) {
          checkClaim(issues, file, ['families', familyIndex, 'capabilities', name], claim);
        }
      }
      for (const name of REQUEST_FEATURE_NAMES) {
        const given = family.request_features?.[name];
        const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
        list.forEach((claim, claimIndex) => {
          const path = ['families', familyIndex, 'request_features', name];
          checkClaim(issues, file, Array.isArray(given) ? [...path, claimIndex] : path, claim);
        });
      }
    });
    data.models.forEach((model, index) => {
      const key = `${data.lab}/${model.id}`;
      families.add(model.family);
      if (models.has(key)) {
        issues.push({
          file,
          path: formatPath(['models', index, 'id']),
          message: `model "${key}" is defined twice`,
        });
      }
      models.set(key, model);
      claimName(file, ['models', index, 'id'], model.id, key);
      model.aliases?.forEach((alias, aliasIndex) => {
        claimName(file, ['models', index, 'aliases', aliasIndex], alias, key);
      });
      model.snapshots?.forEach((snapshot, snapshotIndex) => {
        claimName(file, ['models', index, 'snapshots', snapshotIndex], snapshot, key);
      });
      const { context, output } = model.limits ?? {};
      if (context !== undefined && output !== undefined && output > context) {
        issues.push({
          file,
          path: formatPath(['models', index, 'limits', 'output']),
          message: `output limit ${output} exceeds the context window ${context}`,
        });
      }
      for (const name of CAPABILITY_NAMES) {
        const claim = model.capabilities[name];
        if (claim) checkClaim(issues, file, ['models', index, 'capabilities', name], claim);
      }
      for (const name of REQUEST_FEATURE_NAMES) {
        const claim = model.request_features?.[name];
        if (claim) checkClaim(issues, file, ['models', index, 'request_features', name], claim);
      }
    });
  }

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
  // Resolving needs a consistent whole: run it only when everything else holds.
  if (issues.length === 0 && brokenLabs.size === 0) issues.push(...namesResolveIssues(files));
  return issues;
}

/** Parses and checks a set of data files; `files` holds the ones that parsed. */
export function validateRegistrySources(sources: readonly RegistrySource[]): {
  readonly files: readonly RegistryFile[];
  readonly issues: readonly RegistryIssue[];
} {
  if (sources.length === 0) {
    return {
      files: [],
      issues: [
        {
          file: '(data directory)',
          path: '',
          message:
            'no data files: expected lab files (models/*.json) and provider files (providers/*.json)',
        },
      ],
    };
  }
  const files: RegistryFile[] = [];
  const repaired: RegistryFile[] = [];
  const issues: RegistryIssue[] = [];
  const brokenLabs = new Set<string>();
  for (const source of sources) {
    const result = parseRegistrySource(source);
    issues.push(
      ...result.issues.map((issue) => ({ ...issue, path: locatePath(source.data, issue.path) })),
    );
    if (result.file) {
      files.push(result.file);
      continue;
    }
    // A file with schema problems still gets the cross-field checks, so one run reports
    // everything: without its invalid fields it may parse, and then it is checked as well.
    const without = withoutInvalidFields(source, result.issues);
    if (without) repaired.push(without);
    else if (typeof source.data === 'object' && source.data !== null && 'lab' in source.data) {
      brokenLabs.add(String(source.data.lab));
    }
  }
  const checked = checkRegistryFiles([...files, ...repaired], brokenLabs);
  // What the repair removed was reported by the schema; a cross-field issue about the same
  // field, its parent or a namesake (quirk_sources.x beside quirks.x) would only echo it.
  const removed = issues.map((issue) => ({ file: issue.file, path: issue.path }));
  const echoes = (issue: RegistryIssue) =>
    removed.some((gone) => {
      if (gone.file !== issue.file) return false;
      const parent = gone.path.replace(/(\.[^.[\]]+|\[[^\]]+\])$/, '');
      const last = gone.path.slice(parent.length).replace(/^\./, '');
      return (
        issue.path === gone.path ||
        gone.path.startsWith(`${issue.path}.`) ||
        gone.path.startsWith(`${issue.path}[`) ||
        issue.path.endsWith(`.${last}`)
      );
    });
  issues.push(...checked.filter((issue) => !echoes(issue)));
  return { files, issues };
}

/** The file without the fields its schema issues point at, if that parses. */
function withoutInvalidFields(
  source: RegistrySource,
  issues: readonly RegistryIssue[],
): RegistryFile | undefined {
  if (typeof source.data !== 'object' || source.data === null) return undefined;
  const copy = structuredClone(source.data) as Record<string, unknown>;
  for (const issue of issues) {
    if (issue.path === '') return undefined;
    const parts = [...issue.path.matchAll(/\[(\d+)\]|\.?([^.[\]]+)/g)].map(([, index, key]) =>
      index !== undefined ? Number(index) : (key as string),
    );
    let node: unknown = copy;
    for (const part of parts.slice(0, -1)) {
      node = typeof node === 'object' && node !== null ? (node as never)[part] : undefined;
    }
    const last = parts.at(-1);
    if (typeof node !== 'object' || node === null || last === undefined) continue;
    if (Array.isArray(node)) return undefined;
    delete (node as Record<PropertyKey, unknown>)[last];
  }
  const result = parseRegistrySource({ file: source.file, data: copy });
  return result.file;
}
