// Fragments of @crosswire/registry's README: its exports, and the app's values (./app.ts).
export * from '@crosswire/registry';
export * from './app.ts';
