// Test helper: the dialects' goldens under fixtures/wire/. Not exported from the package.
import { dialectFixtures } from '../../../../test-support/wire-fixtures.js';

export { asJson } from '../../../../test-support/wire-fixtures.js';

export const { FIXTURES, readFixture, golden } = dialectFixtures;
