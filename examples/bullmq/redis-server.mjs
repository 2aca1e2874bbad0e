// A private Redis for the example, its test and its benchmark: Debian's `redis-server` on
// 127.0.0.1, on a free port, with its own temporary directory, no persistence, stopped (and
// its directory removed) by `stop()`. In production you point BullMQ at your own Redis instead.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const INSTALL_HINT =
  'install it with `apt-get install -y redis-server` (Debian/Ubuntu; `sudo` when not root), ' +
  'or set REDIS_SERVER to the path of a redis-server 6.2+ binary';

/** The redis-server binary: `REDIS_SERVER`, else the one on PATH. Throws with the install command when none. */
export function findRedisServer() {
  const binary = process.env.REDIS_SERVER || 'redis-server';
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(`redis-server not found (tried "${binary}"): ${INSTALL_HINT}`);
  }
  const version = /v=(\d+)\.(\d+)/.exec(probe.stdout);
  // BullMQ needs Redis 6.2 or later.
  if (!version || Number(version[1]) * 100 + Number(version[2]) < 602) {
    throw new Error(`redis-server is too old (${probe.stdout.trim()}): ${INSTALL_HINT}`);
  }
  return binary;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts redis-server on 127.0.0.1 and resolves once it accepts connections:
 * `{ host, port, url, dir, stop() }`. A port taken between the probe and the start is
 * retried on another port.
 */
export async function startRedisServer({ attempts = 3, startTimeoutMs = 10_000 } = {}) {
  const binary = findRedisServer();
  let lastError;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'crosswire-redis-'));
    try {
      return await launch(binary, port, dir, startTimeoutMs);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      lastError = error;
    }
  }
  throw lastError;
}

function launch(binary, port, dir, startTimeoutMs) {
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--protected-mode',
    'yes',
    '--logfile',
    '',
    // BullMQ's own recommendation: never evict queue keys.
    '--maxmemory-policy',
    'noeviction',
  ];
  const child = spawn(binary, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${startTimeoutMs} ms:\n${log}`));
    }, startTimeoutMs);
    const onData = (chunk) => {
      log += chunk;
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code ?? signal}) before it was ready:\n${log}`));
    });
  });
  return ready.then(() => {
    // Keep draining its output so a chatty server never blocks on a full pipe.
    child.stdout.resume();
    child.stderr.resume();
    let stopped;
    return {
      host: '127.0.0.1',
      port,
      url: `redis://127.0.0.1:${port}`,
      dir,
      pid: child.pid,
      stop() {
        stopped ??= (async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
            await exited;
            clearTimeout(timer);
          }
          rmSync(dir, { recursive: true, force: true });
        })();
        return stopped;
      },
    };
  });
}
