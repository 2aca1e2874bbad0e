// A full garbage collection, for the benches that run contenders interleaved: collected before
// each measured run, so no contender pays for the garbage the one before it left. Node gives
// `gc` only under --expose-gc; the flag is set here at run time, so `node bench/<name>.mjs`
// measures as `pnpm bench` (which passes the flag) does. Without it a contender that runs after
// a wasteful one looked up to a third slower than the same code run first.
import v8 from 'node:v8';
import vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');

/** Runs a full garbage collection now. */
export const collectGarbage = globalThis.gc ?? vm.runInNewContext('gc');
