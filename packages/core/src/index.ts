export * from './errors.js';
export * from './warnings.js';
export * from './wire-format.js';
export * from './content.js';
export * from './media.js';
export * from './tool-call.js';
