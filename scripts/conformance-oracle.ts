// The runtime oracle shared by the packages' conformance tests: ajv over a fixture that
// scripts/extract-conformance.mjs wrote from a provider's OpenAPI document. Test-only code
// (never built or published); tests import it by relative path.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** A committed conformance fixture: the header the extractor writes, then the schemas. */
export interface ConformanceFixture {
  source: string;
  sourceFile: string;
  sourceVersion: string;
  sourceSha256: string;
  licence: string;
  copyright: string;
  licenceText: string;
  roots: string[];
  components: { schemas: Record<string, unknown> };
}

/** The errors of one value against one schema (`"<instancePath> <message>"`), [] when valid. */
export type ConformanceValidator = (value: unknown) => string[];

export interface ConformanceOracle {
  readonly fixture: ConformanceFixture;
  /** The validator of the component `name` of the fixture (compiled once, then cached). */
  validator(name: string): ConformanceValidator;
}

export interface ConformanceOracleOptions {
  /**
   * Read every `oneOf` as `anyOf`. The OpenAI document's oneOf branches overlap (a user message
   * matches both EasyInputMessage and InputMessage) and OpenAPI tools pick a branch by
   * discriminator, not by exclusivity, so a test validating whole request bodies turns this on.
   */
  oneOfAsAnyOf?: boolean;
}

// ajv-formats is CommonJS with a `default` export; under NodeNext the import is the module.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

function renameOneOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameOneOf);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key === 'oneOf' ? 'anyOf' : key,
      renameOneOf(inner),
    ]),
  );
}

/** Reads a fixture (a `file:` URL or a path) and returns its ajv oracle, formats checked. */
export function loadConformanceOracle(
  file: URL | string,
  options: ConformanceOracleOptions = {},
): ConformanceOracle {
  const fixture = JSON.parse(readFileSync(file, 'utf8')) as ConformanceFixture;
  const components = options.oneOfAsAnyOf ? renameOneOf(fixture.components) : fixture.components;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'fixture', components });
  const validators = new Map<string, ConformanceValidator>();
  return {
    fixture,
    validator(name) {
      const cached = validators.get(name);
      if (cached) return cached;
      const validate = ajv.getSchema(`fixture#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name} in ${String(file)}`);
      const validator: ConformanceValidator = (value) =>
        validate(value)
          ? []
          : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
      validators.set(name, validator);
      return validator;
    },
  };
}
