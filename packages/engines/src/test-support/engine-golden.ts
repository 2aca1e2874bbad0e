// Test helper: the engines' own goldens under fixtures/wire/ (stored conversations and tool-loop
// states). Not exported from the package.
import { wireFixtures } from '../../../../test-support/wire-fixtures.js';

export { asJson } from '../../../../test-support/wire-fixtures.js';

export const { FIXTURES, readFixture, golden } = wireFixtures('engines');
