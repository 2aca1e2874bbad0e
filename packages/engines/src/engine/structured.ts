// The `output` option: a JSON Schema or a zod schema, turned into what the dialects send
// (`StructuredOutputRequest`) and a validator for the reply. A zod schema validates itself; a
// JSON Schema is checked by `json-schema-check.ts`, whose patterns run in a linear-time engine
// (zod's `z.fromJSONSchema` would compile each `pattern` into a backtracking RegExp and run it
// on the model's text). Either way the reply's depth is bounded first.
import {
  CrosswireError,
  deepFreeze,
  isDeeplyFrozen,
  nestsDeeperThan,
  type ToolDefinitionInput,
  ValidationError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import {
  isRecord,
  outputToolName,
  type StructuredOutputRequest,
  type StructuredReply,
  toolNameMap,
  withoutStrictNulls,
} from '@crosswire/dialects';
import * as z from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  compileJsonSchema,
  type JsonSchemaChecker,
  MAX_STRUCTURED_DEPTH,
} from './json-schema-check.js';

/** A JSON Schema object (a plain object; its root should be `type: 'object'` on most wires). */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** What `output` takes: a zod schema (its type is the object's) or a JSON Schema object. */
export interface OutputOption<T = unknown> {
  readonly schema: $ZodType<T> | JsonSchemaObject;
  /** The format's (or synthetic tool's) name: letters, digits, `_` and `-`, at most 64. Default `response`. */
  readonly name?: string;
  readonly description?: string;
  /**
   * openai and responses: strict schema adherence (the schema is made strict by OpenAI's rules;
   * one that cannot be goes with `strict: false` and a `structured_output_not_strict`
   * warning). Default true.
   */
  readonly strict?: boolean;
  /**
   * How many times a reply that is not valid JSON or does not match the schema is sent back to
   * the model with the validation issues, asking for a corrected answer. Default 0.
   */
  readonly repair?: number;
}

/** One validation issue: where in the object, and what is wrong. */
export interface StructuredOutputIssue {
  /** The path in the object, `$` for the root (`$.days`, `$.tags[2]`). */
  readonly path: string;
  readonly message: string;
}

/** Codes of {@link StructuredOutputError}. */
export type StructuredOutputErrorCode = 'structured_output_invalid' | 'structured_output_refused';

/**
 * A structured reply that cannot be given: `structured_output_invalid` (the text is not JSON,
 * or the value does not match the schema; `issues` says where) or `structured_output_refused`
 * (the model refused; `refusal` holds its words). `text` is the reply's raw text.
 */
export class StructuredOutputError extends CrosswireError {
  declare readonly code: StructuredOutputErrorCode;
  readonly text: string;
  readonly issues: readonly StructuredOutputIssue[];
  readonly refusal: string | undefined;
  constructor(
    code: StructuredOutputErrorCode,
    message: string,
    fields: { text: string; issues?: readonly StructuredOutputIssue[]; refusal?: string },
  ) {
    super(code, message, {
      details: { text: fields.text, issues: fields.issues ?? [], refusal: fields.refusal },
    });
    this.text = fields.text;
    this.issues = Object.freeze([...(fields.issues ?? [])]);
    this.refusal = fields.refusal;
  }
}

/** A reply's check: the value (zod's output for a zod schema), or the issues. */
export type StructuredCheck =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: StructuredOutputIssue[] };

/** The option made ready: the request the dialects send, and the reply's check. */
export interface ResolvedOutput {
  readonly request: StructuredOutputRequest;
  readonly repair: number;
  validate(value: unknown): Promise<StructuredCheck>;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/**
 * What each `output` option resolved to, with the fields it was read from: a later call with
 * the same option object gets it only while those fields are the same values and its schema
 * cannot have changed (a zod schema, or a deeply frozen JSON Schema). A JSON Schema that is not
 * frozen is read afresh on every call: the caller may have edited it in place since.
 */
const resolvedOptions = new WeakMap<
  OutputOption,
  { readonly from: readonly unknown[]; readonly resolved: ResolvedOutput }
>();

function optionFields(output: OutputOption): readonly unknown[] {
  return [output.schema, output.name, output.description, output.strict, output.repair];
}

function sameFields(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((value, index) => value === b[index]);
}

function isZodSchema(schema: unknown): schema is $ZodType {
  return isRecord(schema) && isRecord((schema as { _zod?: unknown })._zod);
}

/**
 * Checks and converts `output` once per option object. Throws `ValidationError` for a bad option
 * (`invalid_output`: a `$ref` that cannot be followed among them); `onWarning` hears of the
 * patterns the linear-time engine cannot run (`output_pattern_unchecked`).
 */
export function resolveOutput(
  output: OutputOption,
  onWarning?: WarningHandler | undefined,
): ResolvedOutput {
  const cached = resolvedOptions.get(output);
  if (cached && sameFields(cached.from, optionFields(output))) return cached.resolved;
  if (!isRecord(output) || !isRecord(output.schema)) {
    throw new ValidationError('output.schema must be a zod schema or a JSON Schema object', {
      path: 'output.schema',
      code: 'invalid_output',
    });
  }
  const name = output.name ?? 'response';
  if (!NAME.test(name)) {
    throw new ValidationError(
      `output.name ${JSON.stringify(name)} must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for a format or tool name)`,
      { path: 'output.name', code: 'invalid_output' },
    );
  }
  const repair = output.repair ?? 0;
  if (!Number.isInteger(repair) || repair < 0) {
    throw new ValidationError(`output.repair must be a whole number ≥ 0, got ${String(repair)}`, {
      path: 'output.repair',
      code: 'invalid_output',
    });
  }
  let validator: $ZodType | JsonSchemaChecker;
  let schema: Record<string, unknown>;
  if (isZodSchema(output.schema)) {
    validator = output.schema;
    try {
      schema = deepFreeze(z.toJSONSchema(output.schema) as Record<string, unknown>);
    } catch (error) {
      throw new ValidationError(
        `output.schema cannot be used: ${error instanceof Error ? error.message : String(error)}`,
        { path: 'output.schema', code: 'invalid_output', cause: error },
      );
    }
  } else {
    // One frozen copy, sent and checked against alike (and remembered by the dialects per
    // object): a later edit of the caller's schema cannot split the two.
    schema = isDeeplyFrozen(output.schema)
      ? (output.schema as Record<string, unknown>)
      : frozenCopy(output.schema);
    validator = compileJsonSchema(schema, { onWarning });
  }
  const resolved: ResolvedOutput = {
    request: {
      name,
      ...(output.description === undefined ? {} : { description: output.description }),
      schema,
      strict: output.strict ?? true,
    },
    repair,
    async validate(value) {
      if (!isZodSchema(validator)) {
        const issues = await validator.check(value);
        return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
      }
      const checked = z.safeParse(validator, value);
      if (checked.success) return { ok: true, value: checked.data };
      return {
        ok: false,
        issues: checked.error.issues.map((issue) => ({
          path: issuePath(issue.path),
          message: issue.message,
        })),
      };
    },
  };
  if (isZodSchema(output.schema) || isDeeplyFrozen(output.schema)) {
    resolvedOptions.set(output, { from: optionFields(output), resolved });
  }
  return resolved;
}

/**
 * The option a tool loop sends on every turn: its JSON Schema copied once and frozen, so each
 * turn reuses one resolution (and what the dialects made of it) and an edit of the caller's
 * schema during the loop changes nothing. A zod schema or a frozen JSON Schema is taken as it
 * is; an option that cannot be copied is left for `resolveOutput` to refuse.
 */
export function loopOutput<T>(output: OutputOption<T>): OutputOption<T> {
  if (!isRecord(output) || !isRecord(output.schema)) return output;
  if (isZodSchema(output.schema) || isDeeplyFrozen(output.schema)) return output;
  try {
    return { ...output, schema: frozenCopy(output.schema) };
  } catch {
    return output;
  }
}

/** A deeply frozen copy of a JSON Schema object; a value no copy can hold is refused. */
function frozenCopy(schema: JsonSchemaObject): Record<string, unknown> {
  try {
    return deepFreeze(structuredClone(schema) as Record<string, unknown>);
  } catch (error) {
    throw new ValidationError(
      `output.schema cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      { path: 'output.schema', code: 'invalid_output', cause: error },
    );
  }
}

function tooDeep(): StructuredOutputIssue {
  return { path: '$', message: `nests deeper than ${MAX_STRUCTURED_DEPTH} levels` };
}

/**
 * The request of one turn: the resolved request, with a `toolName` of its own where a tool the
 * turn offers already goes out under the output's name (the anthropic tool form needs a name
 * no other tool has; every wire reads the same name back).
 */
export function outputRequest(
  resolved: ResolvedOutput,
  tools: readonly ToolDefinitionInput[] | undefined,
  wire: WireFormat,
): StructuredOutputRequest {
  if (tools === undefined || tools.length === 0) return resolved.request;
  const taken = toolNameMap(tools, wire)
    .entries()
    .map(([, wireName]) => wireName);
  const toolName = outputToolName(resolved.request.name, taken);
  return toolName === resolved.request.name ? resolved.request : { ...resolved.request, toolName };
}

function issuePath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `.${String(key)}`;
  return out;
}

/** Parses (unless the wire gave the value itself) and validates a reply. */
export async function checkStructured(
  resolved: ResolvedOutput,
  reply: StructuredReply,
): Promise<StructuredCheck> {
  let value: unknown = reply.value;
  if (value === undefined) {
    try {
      value = JSON.parse(reply.text);
    } catch (error) {
      return {
        ok: false,
        issues: [
          {
            path: '$',
            message: `not JSON: ${error instanceof Error ? error.message : String(error)}`,
          },
        ],
      };
    }
  }
  // Before anything walks the value recursively (withoutStrictNulls, the validators: zod
  // recurses as deep as the value, and a reply nested 10,000 deep would overflow the stack).
  if (nestsDeeperThan(value, MAX_STRUCTURED_DEPTH)) return { ok: false, issues: [tooDeep()] };
  // Strict mode sends null for an optional property it may not leave out: read as absent.
  return resolved.validate(withoutStrictNulls(value, resolved.request.schema));
}

/** The error for a reply whose text failed {@link checkStructured}. */
export function invalidOutputError(
  name: string,
  text: string,
  issues: readonly StructuredOutputIssue[],
  attempts: number,
): StructuredOutputError {
  const listed = issues
    .slice(0, 5)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ');
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return new StructuredOutputError(
    'structured_output_invalid',
    `the reply does not match output "${name}"${attempts > 1 ? ` after ${attempts} attempts` : ''}: ${listed}${more}`,
    { text, issues },
  );
}

/** The error for a refused structured reply. */
export function refusedOutputError(name: string, refusal: string): StructuredOutputError {
  return new StructuredOutputError(
    'structured_output_refused',
    `the model refused to give output "${name}": ${refusal === '' ? '(no reason given)' : refusal}`,
    { text: '', refusal },
  );
}

/** What the model is told when its reply did not validate (`repair`). */
export function repairPrompt(issues: readonly StructuredOutputIssue[]): string {
  return `Your answer does not match the required JSON schema: ${issues
    .slice(0, 20)
    .map((issue) => `${issue.path}: ${issue.message}`)
    .join('; ')}. Answer again with only the corrected JSON.`;
}
