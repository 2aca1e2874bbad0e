// Vertex AI without an access token: Application Default Credentials through
// `google-auth-library`. The real library would ask Google's token endpoint or the metadata
// server, so it is replaced here by a stand-in that records how it is built and answers from
// a list: one GoogleAuth for the cloud-platform scope, asked for a token before each request,
// built again after a failure. Also the refusals and messages of routes given no options.
import { defaultRegistry } from '@crosswire/registry/lookup';
import { describe, expect, it, vi } from 'vitest';
import { cloudRoute } from './cloud.js';
import type { SignableRequest } from './types.js';

const google = vi.hoisted(() => ({
  made: [] as unknown[],
  answers: [] as (() => Promise<unknown>)[],
}));

vi.mock('google-auth-library', () => ({
  GoogleAuth: class {
    constructor(options: unknown) {
      google.made.push(options);
    }
    getAccessToken(): Promise<unknown> {
      const answer = google.answers.shift();
      return answer ? answer() : Promise.reject(new Error('no answer left'));
    }
  },
}));

const REQUEST: SignableRequest = {
  method: 'POST',
  url: 'https://aiplatform.googleapis.com/v1/projects/acme/locations/global',
  headers: {},
  body: new Uint8Array(),
};

const vertex = (env: Record<string, string>) =>
  cloudRoute(defaultRegistry.provider('gemini-vertex'), {
    apiKey: undefined,
    options: undefined,
    env,
    baseUrl: undefined,
  });

describe('Application Default Credentials', () => {
  it('builds one GoogleAuth for the cloud-platform scope and asks it for a token before each request', async () => {
    google.made.length = 0;
    google.answers.push(
      async () => 'ya29.first',
      async () => ' ya29.second ',
    );
    const route = vertex({ GOOGLE_CLOUD_PROJECT: 'acme' });
    expect(route?.baseUrl).toBe(
      'https://aiplatform.googleapis.com/v1/projects/acme/locations/global',
    );
    const authorize = route?.authorize;
    expect(google.made).toEqual([]);
    expect(await authorize?.(REQUEST, undefined)).toEqual({
      headers: { authorization: 'Bearer ya29.first' },
      secrets: ['ya29.first'],
    });
    expect(await authorize?.(REQUEST, undefined)).toEqual({
      headers: { authorization: 'Bearer ya29.second' },
      secrets: ['ya29.second'],
    });
    expect(google.made).toEqual([{ scopes: ['https://www.googleapis.com/auth/cloud-platform'] }]);
  });

  it('a failed token request fails that request, and the next one starts the credentials afresh', async () => {
    google.made.length = 0;
    google.answers.push(
      async () => {
        throw new Error('could not load the default credentials');
      },
      async () => null,
      async () => 'ya29.third',
    );
    const authorize = vertex({ GOOGLE_CLOUD_PROJECT: 'acme' })?.authorize;
    await expect(authorize?.(REQUEST, undefined)).rejects.toThrow(
      'could not load the default credentials',
    );
    await expect(authorize?.(REQUEST, undefined)).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(await authorize?.(REQUEST, undefined)).toEqual({
      headers: { authorization: 'Bearer ya29.third' },
      secrets: ['ya29.third'],
    });
    expect(google.made).toHaveLength(3);
  });
});

describe('routes given no cloud options', () => {
  it('refuses Azure without a key or a token', () => {
    expect(() =>
      cloudRoute(defaultRegistry.provider('azure-openai'), {
        apiKey: undefined,
        options: undefined,
        env: { AZURE_RESOURCE_NAME: 'contoso' },
        baseUrl: undefined,
      }),
    ).toThrow(
      'provider "azure-openai" needs an API key or an access token: pass apiKey or set AZURE_OPENAI_API_KEY, or pass cloud.getAccessToken',
    );
  });

  it('names every variable that gives a missing param, in order', () => {
    let error: unknown;
    try {
      cloudRoute(defaultRegistry.provider('anthropic-vertex'), {
        apiKey: undefined,
        options: undefined,
        env: {},
        baseUrl: undefined,
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ name: 'ValidationError', code: 'missing_cloud_param' });
    expect((error as Error).message).toBe(
      'provider "anthropic-vertex" needs the project its URL names: pass cloud.project or set GOOGLE_CLOUD_PROJECT or ANTHROPIC_VERTEX_PROJECT_ID',
    );
  });
});
