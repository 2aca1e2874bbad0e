import { z } from 'zod';

// The schema of the snapshot file, apart from the catalogue's runtime so that resolving (and
// `supports`) bundles without zod: the shipped snapshot is validated when it is generated.

const MODALITIES = ['text', 'image', 'pdf', 'audio', 'video'] as const;

/**
 * What a model is for; only `chat` models get family-template facts or are offered for chat.
 * `speech` makes audio from text, `transcription` text from audio, `realtime` talks over the
 * realtime (speech-to-speech) APIs, `completion` takes a prompt but no chat messages (legacy
 * completions, fill-in-the-middle), `other` is any other non-chat use (question answering).
 */
export const MODEL_KINDS = [
  'chat',
  'speech',
  'transcription',
  'realtime',
  'image',
  'video',
  'embedding',
  'moderation',
  'ocr',
  'completion',
  'other',
] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

const modalities = z
  .string()
  .regex(
    new RegExp(`^(${MODALITIES.join('|')})( (${MODALITIES.join('|')}))*$`),
    `expected modalities separated by spaces, from: ${MODALITIES.join(', ')}`,
  );

const isoDate = z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'expected YYYY-MM or YYYY-MM-DD');

const catalogueModelSchema = z.strictObject({
  name: z.string().optional(),
  in: modalities.describe('input modalities'),
  out: modalities.describe('output modalities'),
  tools: z.boolean().optional(),
  context: z.int().positive().optional(),
  output: z.int().positive().optional(),
  released: isoDate.optional(),
  status: z.enum(['alpha', 'beta', 'deprecated']).optional(),
  kind: z.enum(MODEL_KINDS).exclude(['chat']).optional().describe('absent: a chat model'),
  cost: z
    .strictObject({
      input: z.number().nonnegative(),
      output: z.number().nonnegative(),
      cache_read: z.number().nonnegative().optional(),
      cache_write: z.number().nonnegative().optional(),
    })
    .optional()
    .describe('USD per million tokens, as the catalogue states them'),
});

/** The snapshot file `data/catalogue/models-dev.json`, as the refresh script writes it. */
export const catalogueSnapshotSchema = z.strictObject({
  source: z.url(),
  licence: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'expected a 40-digit commit hash'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'),
  providers: z.record(z.string(), z.record(z.string(), catalogueModelSchema)),
});

export type CatalogueSnapshot = z.infer<typeof catalogueSnapshotSchema>;
export type CatalogueModelData = z.infer<typeof catalogueModelSchema>;
