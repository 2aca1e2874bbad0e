// Fragments of @crosswire/core's README: its exports, and the app's values (./app.ts).
export * from '@crosswire/core';
export * from './app.ts';
