import { en } from 'zod/locales';

/**
 * Parse options that give English issue messages ("expected string, received number").
 * zod/mini loads no locale, and calling `z.config` would change the caller's zod globally,
 * so core passes the English error map per parse instead.
 */
export const englishIssues = Object.freeze({ error: en().localeError });
