// The provider simulator in a child process, so its work (checking and answering requests) is
// not counted in the bench process's CPU time. `prelude` is code run in the child first; the
// `options` source is passed to `startSimulator` there (a `fallback` may use `simulator`).
import { spawn } from 'node:child_process';

const simulatorEntry = new URL('../packages/simulator/dist/node/index.js', import.meta.url).href;

/** Starts the child; resolves with its origin and `stop()`, which ends it. */
export async function startChildSimulator({ prelude = '', options }) {
  const source = `
const { startSimulator } = await import(${JSON.stringify(simulatorEntry)});
${prelude}
const simulator = await startSimulator(${options});
process.stdout.write(simulator.origin + '\\n');
process.stdin.on('data', () => {});
process.stdin.on('end', () => simulator.close().then(() => process.exit(0)));
`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const origin = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`simulator exited (${code})`)));
  });
  return { origin, stop: () => child.stdin.end() };
}
