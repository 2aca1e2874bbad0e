// Access tokens as `Authorization: Bearer`: the caller's `getAccessToken()` (Vertex AI, Azure
// OpenAI with Microsoft Entra), or for Vertex AI Google's Application Default Credentials through
// `google-auth-library`, an optional peer loaded on the first request that needs it.
import { CrosswireError } from '@crosswire/core';
import type { Authorization, RequestAuthorizer } from './types.js';

/** The part of `google-auth-library`'s `GoogleAuth` an engine uses. */
interface TokenSource {
  getAccessToken(): Promise<string | null | undefined>;
}

const CLOUD_PLATFORM = 'https://www.googleapis.com/auth/cloud-platform';

/** Application Default Credentials (`GOOGLE_APPLICATION_CREDENTIALS`, gcloud, the metadata server). */
async function googleDefaultCredentials(): Promise<TokenSource> {
  let module: { GoogleAuth: new (options: { scopes: string[] }) => TokenSource };
  try {
    module = (await import('google-auth-library')) as unknown as typeof module;
  } catch (cause) {
    throw new CrosswireError(
      'optional_dependency_missing',
      'Vertex AI without an access token needs google-auth-library for Application Default Credentials, which is not installed: npm install google-auth-library (or pass cloud.getAccessToken)',
      { cause, details: { packages: ['google-auth-library'] } },
    );
  }
  return new module.GoogleAuth({ scopes: [CLOUD_PLATFORM] });
}

function checkedToken(token: unknown): string {
  if (typeof token !== 'string' || token.trim() === '' || /[\r\n\0]/.test(token)) {
    throw new CrosswireError(
      'invalid_credentials',
      'the access token is empty or not one header value (getAccessToken must resolve to the token text)',
    );
  }
  return token.trim();
}

/**
 * An authorizer that sends `Authorization: Bearer <token>`, the token asked for before each
 * attempt (a token source caches and refreshes it); the token is reported as a secret.
 */
export function bearerAuthorizer(
  getAccessToken: (() => string | Promise<string>) | undefined,
  fallback: 'google-default-credentials' | undefined,
): RequestAuthorizer {
  let source: Promise<TokenSource> | undefined;
  const token = async (): Promise<string> => {
    if (getAccessToken !== undefined) return checkedToken(await getAccessToken());
    if (fallback === undefined) {
      throw new CrosswireError(
        'missing_credentials',
        'this provider needs an access token: pass cloud.getAccessToken or an API key',
      );
    }
    source ??= googleDefaultCredentials();
    try {
      return checkedToken(await (await source).getAccessToken());
    } catch (error) {
      source = undefined;
      throw error;
    }
  };
  return async (_request, signal): Promise<Authorization> => {
    signal?.throwIfAborted();
    const value = await token();
    signal?.throwIfAborted();
    return { headers: { authorization: `Bearer ${value}` }, secrets: [value] };
  };
}
