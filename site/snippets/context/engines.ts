// Fragments about engines: the engine and registry entry points, and the app's values.
export { createEngine } from '@crosswire/engines';
export { createRegistry } from '@crosswire/registry';
export * from './app.ts';
