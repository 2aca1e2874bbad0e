// A warning printed through Node's default handler fails CI (`.ci/run` looks for
// 'CrosswireWarning' in the test output): a test that provokes one passes `onWarning` and asserts
// it. Node prints the warning without saying which test caused it, so this setup file, run in
// every test worker, prints the test that was running when it was emitted.
import { expect } from 'vitest';

process.on('warning', (warning) => {
  if (warning.name !== 'CrosswireWarning') return;
  const { testPath, currentTestName } = expect.getState();
  process.stderr.write(
    `CrosswireWarning printed while running ${testPath ?? '(no test file)'} > ${currentTestName ?? '(between tests)'}\n`,
  );
});
