#!/usr/bin/env node
import { main } from './main.js';

// The `crosswire` binary. The exit status is set rather than forced so pending output is
// flushed; a handle something left open (a keep-alive socket) must not keep the command
// alive, so once standard output has drained an unreferenced timer ends the process if it
// is still running shortly after (a slow reader of a large --json never loses its tail).
process.exitCode = await main(process.argv.slice(2));
process.stdout.write('', () => {
  setTimeout(() => process.exit(), 250).unref();
});
