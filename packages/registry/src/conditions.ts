// Whether a claim's `when` holds for a model: shared by the provider claims (derive.ts) and the
// family's request features (request-features.ts).
import type { Condition } from './schema.js';
import type { ModelEntry } from './types.js';
import { parseVersion, parseVersionRange, satisfiesRange } from './version.js';

/** The fields of a model a condition reads. */
export type ConditionSubject = Pick<ModelEntry, 'family' | 'variant' | 'version' | 'key'>;

/** True when every field `when` gives holds for `model` (always true without a `when`). */
export function conditionHolds(when: Condition | undefined, model: ConditionSubject): boolean {
  if (!when) return true;
  if (when.family !== undefined && when.family !== model.family) return false;
  if (when.variant !== undefined && when.variant !== model.variant) return false;
  if (when.model !== undefined && when.model !== model.key) return false;
  if (when.version !== undefined) {
    const version = model.version === undefined ? undefined : parseVersion(model.version);
    const range = parseVersionRange(when.version);
    if (!version || !range || !satisfiesRange(version, range)) return false;
  }
  return true;
}
