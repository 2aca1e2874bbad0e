// Fragments about the cloud routes: the engine entry point, an access-token source, and a
// running simulator.
import type { Simulator } from '@crosswire/simulator';

export { createEngine } from '@crosswire/engines';
export { getAccessToken } from './app.ts';
export declare const simulator: Simulator;
