import { en } from 'zod/locales';

type ErrorMap = ReturnType<typeof en>['localeError'];
let english: ErrorMap | undefined;

/**
 * Parse options that give English issue messages ("expected string, received number").
 * zod/mini loads no locale, and calling `z.config` would change the caller's zod globally,
 * so core passes the English error map per parse instead. The map is built on the first
 * issue, not at import: only a failed parse needs it.
 */
export const englishIssues: { readonly error: ErrorMap } = Object.freeze({
  error: (issue: Parameters<ErrorMap>[0]) => {
    english ??= en().localeError;
    return english(issue);
  },
});
