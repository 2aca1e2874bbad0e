// Fragments about images: @crosswire/content-image's exports, and the app's values.
export * from '@crosswire/content-image';
export * from './app.ts';
