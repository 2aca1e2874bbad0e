// A cloud route as a caller meets it, one rule at a time: where each URL param comes from (the
// option, each environment variable in order, an empty variable skipped, the default), which
// values a URL may take, the override and the API-key URL, the refusals with their exact text,
// the body fields a route leaves out or sets, and what each kind of credentials adds to a
// request. The registry's own provider entries, and a few made here for what no entry has yet.
import { AbortedError, CrosswireError, ValidationError } from '@crosswire/core';
import { defaultRegistry, type ProviderEntry } from '@crosswire/registry/lookup';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { awsCredentialsFromEnv, awsSigV4Authorizer } from './aws.js';
import { bearerAuthorizer } from './bearer.js';
import { cloudRoute, withRouteBody } from './cloud.js';
import type { CloudOptions, SignableRequest } from './types.js';

const provider = (id: string) => defaultRegistry.provider(id);
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY' };
const REQUEST: SignableRequest = {
  method: 'POST',
  url: 'https://bedrock-runtime.eu-west-1.amazonaws.com/model/m/converse',
  headers: { 'content-type': 'application/json' },
  body: new TextEncoder().encode('{}'),
};

function route(
  id: string | ProviderEntry,
  context: {
    apiKey?: string;
    options?: CloudOptions;
    env?: Record<string, string | undefined>;
    baseUrl?: string;
  } = {},
) {
  return cloudRoute(typeof id === 'string' ? provider(id) : id, {
    apiKey: context.apiKey,
    options: context.options,
    env: context.env ?? {},
    baseUrl: context.baseUrl,
  });
}

/** What `run` throws, so its type, code, message and details can be compared whole. */
function thrown(run: () => unknown): CrosswireError {
  try {
    run();
  } catch (error) {
    return error as CrosswireError;
  }
  throw new Error('it did not throw');
}

/** `entry` with its cloud data changed. */
function withCloud(entry: ProviderEntry, cloud: Partial<NonNullable<ProviderEntry['cloud']>>) {
  return { ...entry, cloud: { ...(entry.cloud as NonNullable<ProviderEntry['cloud']>), ...cloud } };
}

describe('the URL of a cloud route', () => {
  it('is no route for a provider without cloud data', () => {
    expect(route('anthropic', { apiKey: 'k' })).toBeUndefined();
  });

  it('takes a param from the option, else each variable in order, an empty one skipped, else its default', () => {
    const url = (options: CloudOptions | undefined, env: Record<string, string | undefined>) =>
      route('bedrock', { apiKey: 'k', options, env })?.baseUrl;
    expect(url(undefined, {})).toBe('https://bedrock-runtime.us-east-1.amazonaws.com');
    expect(url(undefined, { AWS_DEFAULT_REGION: 'eu-west-1' })).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com',
    );
    expect(url(undefined, { AWS_REGION: 'eu-north-1', AWS_DEFAULT_REGION: 'eu-west-1' })).toBe(
      'https://bedrock-runtime.eu-north-1.amazonaws.com',
    );
    expect(url(undefined, { AWS_REGION: '', AWS_DEFAULT_REGION: 'eu-west-1' })).toBe(
      'https://bedrock-runtime.eu-west-1.amazonaws.com',
    );
    expect(url({ region: 'ap-south-1' }, { AWS_REGION: 'eu-north-1' })).toBe(
      'https://bedrock-runtime.ap-south-1.amazonaws.com',
    );
    // An option that is not a string is no value: the variables and the default apply.
    expect(url({ region: 7 } as unknown as CloudOptions, { AWS_REGION: 'eu-north-1' })).toBe(
      'https://bedrock-runtime.eu-north-1.amazonaws.com',
    );
  });

  it('takes one word of up to 63 letters, digits, ".", "_" and "-", starting with a letter or digit', () => {
    const longest = `a${'b'.repeat(62)}`;
    const url = (region: string) => route('bedrock', { apiKey: 'k', options: { region } })?.baseUrl;
    expect(url(longest)).toBe(`https://bedrock-runtime.${longest}.amazonaws.com`);
    expect(url('9z.y_x-w')).toBe('https://bedrock-runtime.9z.y_x-w.amazonaws.com');
    for (const refused of [`${longest}c`, '-west', '.west', '_west', 'eu west', 'eu/west', '']) {
      const error = thrown(() => url(refused));
      expect(error).toBeInstanceOf(ValidationError);
      expect({ code: error.code, message: error.message, details: error.details }).toEqual({
        code: 'invalid_cloud_param',
        message:
          'cloud.region for provider "bedrock" must be one word of letters, digits, ".", "_" and "-" (it goes into the URL)',
        details: { path: 'cloud.region' },
      });
    }
    // A variable's value is held to the same rule.
    expect(
      thrown(() => route('bedrock', { apiKey: 'k', env: { AWS_REGION: 'x.example/y' } })).code,
    ).toBe('invalid_cloud_param');
  });

  it('refuses a missing param, naming the option and the variables that give it', () => {
    const error = thrown(() => route('gemini-vertex', { options: { getAccessToken: () => 't' } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'missing_cloud_param',
      message:
        'provider "gemini-vertex" needs the project its URL names: pass cloud.project or set GOOGLE_CLOUD_PROJECT',
      details: { path: 'cloud.project' },
    });
    // A param no variable gives: only the option is named.
    const azure = provider('azure-openai');
    const bare = withCloud(azure, { params: { resource: { env: [], default: undefined } } });
    expect(thrown(() => route(bare, { apiKey: 'k' })).message).toBe(
      'provider "azure-openai" needs the resource its URL names: pass cloud.resource',
    );
    const unknown = withCloud(azure, { params: {} });
    expect(thrown(() => route(unknown, { apiKey: 'k' })).message).toBe(
      'provider "azure-openai" needs the resource its URL names: pass cloud.resource',
    );
  });

  it('uses the override of a param value, the template for any other value', () => {
    const token = { getAccessToken: () => 't' };
    expect(route('gemini-vertex', { options: { ...token, project: 'acme' } })?.baseUrl).toBe(
      'https://aiplatform.googleapis.com/v1/projects/acme/locations/global',
    );
    expect(
      route('gemini-vertex', { options: { ...token, project: 'acme', location: 'us-east5' } })
        ?.baseUrl,
    ).toBe('https://us-east5-aiplatform.googleapis.com/v1/projects/acme/locations/us-east5');
    expect(
      route('gemini-vertex', {
        options: token,
        env: { GOOGLE_CLOUD_PROJECT: 'acme', GOOGLE_CLOUD_LOCATION: 'global' },
      })?.baseUrl,
    ).toBe('https://aiplatform.googleapis.com/v1/projects/acme/locations/global');
  });

  it("an API key goes to the route's API-key URL with no authorizer; a provider without API keys ignores one", () => {
    expect(route('gemini-vertex', { apiKey: 'AQ.express' })).toEqual({
      baseUrl: 'https://aiplatform.googleapis.com/v1',
      authorize: undefined,
    });
    // Claude on Vertex AI takes no API key: the key given changes nothing.
    const vertex = route('anthropic-vertex', {
      apiKey: 'sk-ignored',
      options: { project: 'acme', getAccessToken: () => 't' },
    });
    expect(vertex?.baseUrl).toBe(
      'https://aiplatform.googleapis.com/v1/projects/acme/locations/global',
    );
    expect(vertex?.authorize).toBeTypeOf('function');
    // A route without an API-key URL keeps its template with a key.
    expect(route('azure-openai', { apiKey: 'k', options: { resource: 'contoso' } })).toEqual({
      baseUrl: 'https://contoso.openai.azure.com/openai/v1',
      authorize: undefined,
    });
  });

  it("leaves the URL alone when the engine's baseUrl replaces it: no param is needed then", () => {
    expect(
      route('gemini-vertex', {
        options: { getAccessToken: () => 't' },
        baseUrl: 'http://127.0.0.1:9/v1',
      }),
    ).toEqual({ baseUrl: undefined, authorize: expect.any(Function) });
    expect(route('azure-openai', { apiKey: 'k', baseUrl: 'http://127.0.0.1:9' })).toEqual({
      baseUrl: undefined,
      authorize: undefined,
    });
  });
});

describe('the body of a cloud route', () => {
  it('leaves out the fields the route refuses and sets the ones it requires, on a copy', () => {
    const body = { model: 'claude-sonnet-4-6', stream: true, max_tokens: 10 };
    expect(withRouteBody(provider('anthropic-vertex'), body)).toEqual({
      stream: true,
      max_tokens: 10,
      anthropic_version: 'vertex-2023-10-16',
    });
    expect(withRouteBody(provider('anthropic-bedrock'), body)).toEqual({
      max_tokens: 10,
      anthropic_version: 'bedrock-2023-05-31',
    });
    expect(body).toEqual({ model: 'claude-sonnet-4-6', stream: true, max_tokens: 10 });
    expect(withRouteBody(provider('bedrock'), body)).toBe(body);
  });
});

describe('the credentials of a cloud route', () => {
  it('refuses SigV4 without credentials, naming the key variable and the AWS variables', () => {
    const error = thrown(() => route('bedrock', { env: { AWS_ACCESS_KEY_ID: 'AKID' } }));
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'missing_credentials',
      message:
        'provider "bedrock" needs credentials: pass apiKey or set AWS_BEARER_TOKEN_BEDROCK (a Bedrock API key), or pass cloud.awsCredentials or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
      details: { provider: 'bedrock' },
    });
    const keyless = { ...provider('bedrock'), apiKeyEnv: undefined };
    expect(thrown(() => route(keyless)).message).toBe(
      'provider "bedrock" needs credentials: pass apiKey or set an API key (a Bedrock API key), or pass cloud.awsCredentials or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  });

  it('signs for the route region and service with the credentials of the option, else the variables', async () => {
    const scope = async (
      entry: string | ProviderEntry,
      context: Parameters<typeof route>[1],
    ): Promise<string | undefined> => {
      const signed = await route(entry, context)?.authorize?.(REQUEST, undefined);
      return /Credential=([^,]+),/
        .exec(signed?.headers.authorization ?? '')?.[1]
        ?.replace(/\/\d{8}\//, '/DAY/');
    };
    expect(await scope('bedrock', { options: { awsCredentials: KEYS, region: 'eu-west-1' } })).toBe(
      'AKIDEXAMPLE/DAY/eu-west-1/bedrock/aws4_request',
    );
    expect(
      await scope('bedrock', {
        env: { AWS_ACCESS_KEY_ID: 'AKIDENV', AWS_SECRET_ACCESS_KEY: 's', AWS_REGION: 'eu-west-3' },
      }),
    ).toBe('AKIDENV/DAY/eu-west-3/bedrock/aws4_request');
    // A route without a region default or a service name: us-east-1 and bedrock.
    const bare = withCloud(provider('bedrock'), {
      service: undefined,
      baseUrl: undefined,
      params: {},
    });
    expect(await scope(bare, { options: { awsCredentials: KEYS } })).toBe(
      'AKIDEXAMPLE/DAY/us-east-1/bedrock/aws4_request',
    );
    const other = withCloud(provider('bedrock'), { service: 'bedrock-agent' });
    expect(await scope(other, { options: { awsCredentials: KEYS } })).toBe(
      'AKIDEXAMPLE/DAY/us-east-1/bedrock-agent/aws4_request',
    );
  });

  it('refuses a bearer route without a key or a token, naming the key variable', () => {
    const error = thrown(() => route('azure-openai', { options: { resource: 'contoso' } }));
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'missing_api_key',
      message:
        'provider "azure-openai" needs an API key or an access token: pass apiKey or set AZURE_OPENAI_API_KEY, or pass cloud.getAccessToken',
      details: { provider: 'azure-openai', env: 'AZURE_OPENAI_API_KEY' },
    });
    const keyless = { ...provider('azure-openai'), apiKeyEnv: undefined };
    expect(thrown(() => route(keyless, { options: { resource: 'contoso' } })).message).toBe(
      'provider "azure-openai" needs an API key or an access token: pass apiKey, or pass cloud.getAccessToken',
    );
  });

  it("sends the caller's access token as Bearer on the bearer and Google routes", async () => {
    for (const id of ['azure-openai', 'gemini-vertex']) {
      const authorize = route(id, {
        options: { resource: 'contoso', project: 'acme', getAccessToken: () => 'tok-1' },
      })?.authorize;
      expect(await authorize?.(REQUEST, undefined)).toEqual({
        headers: { authorization: 'Bearer tok-1' },
        secrets: ['tok-1'],
      });
    }
  });
});

describe('bearerAuthorizer', () => {
  it('asks for the token before each request and sends it trimmed', async () => {
    let asked = 0;
    const authorize = bearerAuthorizer(async () => {
      asked += 1;
      return `  token-${asked}\t`;
    }, undefined);
    expect(await authorize(REQUEST, undefined)).toEqual({
      headers: { authorization: 'Bearer token-1' },
      secrets: ['token-1'],
    });
    expect((await authorize(REQUEST, new AbortController().signal)).headers).toEqual({
      authorization: 'Bearer token-2',
    });
  });

  it('refuses a token that is empty, blank, not a string or more than one header value', async () => {
    for (const token of ['', '   ', 'a\rb', 'a\nb', 'a\0b', 42, null, undefined]) {
      const authorize = bearerAuthorizer(() => token as string, undefined);
      const error = await authorize(REQUEST, undefined).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CrosswireError);
      expect({
        code: (error as CrosswireError).code,
        message: (error as Error).message,
      }).toEqual({
        code: 'invalid_credentials',
        message:
          'the access token is empty or not one header value (getAccessToken must resolve to the token text)',
      });
    }
  });

  it('without a token function or a fallback, refuses naming the options', async () => {
    const error = await bearerAuthorizer(undefined, undefined)(REQUEST, undefined).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CrosswireError);
    expect({ code: (error as CrosswireError).code, message: (error as Error).message }).toEqual({
      code: 'missing_credentials',
      message: 'this provider needs an access token: pass cloud.getAccessToken or an API key',
    });
  });

  it('asks nothing once the signal has fired, and sends nothing when it fires during the ask', async () => {
    let asked = 0;
    const fired = new AbortController();
    fired.abort(new Error('stop'));
    const authorize = bearerAuthorizer(() => {
      asked += 1;
      return 'token';
    }, undefined);
    await expect(authorize(REQUEST, fired.signal)).rejects.toThrow('stop');
    expect(asked).toBe(0);
    const during = new AbortController();
    const late = bearerAuthorizer(async () => {
      during.abort(new Error('stopped while asking'));
      return 'token';
    }, undefined);
    await expect(late(REQUEST, during.signal)).rejects.toThrow('stopped while asking');
  });
});

describe('awsSigV4Authorizer', () => {
  const NOW = () => new Date('2026-01-02T03:04:05Z');

  it('adds only the headers the signer adds, with the checksum by default; the key id and secret are secrets', async () => {
    const signed = await awsSigV4Authorizer({
      credentials: KEYS,
      region: 'eu-west-1',
      service: 'bedrock',
      now: NOW,
    })(REQUEST, undefined);
    expect(Object.keys(signed.headers).sort()).toEqual([
      'authorization',
      'x-amz-content-sha256',
      'x-amz-date',
    ]);
    expect(signed.headers['x-amz-date']).toBe('20260102T030405Z');
    // SHA-256 of `{}`.
    expect(signed.headers['x-amz-content-sha256']).toBe(
      '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    );
    expect(signed.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20260102\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(signed.secrets).toEqual(['AKIDEXAMPLE', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY', '']);
    const bare = await awsSigV4Authorizer({
      credentials: KEYS,
      region: 'eu-west-1',
      service: 'bedrock',
      now: NOW,
      applyChecksum: false,
    })(REQUEST, undefined);
    expect(Object.keys(bare.headers).sort()).toEqual(['authorization', 'x-amz-date']);
  });

  it("signs as AWS's own signer does: the path escaped, every query value, the port in the host", async () => {
    const request: SignableRequest = {
      method: 'POST',
      url: 'https://127.0.0.1:8443/model/us.anthropic.claude-opus-4-5-20251101-v1%3A0/converse?b=2&a=3&a=1',
      headers: { 'content-type': 'application/json', 'x-custom': 'yes' },
      body: new TextEncoder().encode('{"messages":[]}'),
    };
    const signed = await awsSigV4Authorizer({
      credentials: { ...KEYS, sessionToken: 'session' },
      region: 'eu-west-1',
      service: 'bedrock',
      now: NOW,
    })(request, undefined);
    const expected = await new SignatureV4({
      credentials: { ...KEYS, sessionToken: 'session' },
      region: 'eu-west-1',
      service: 'bedrock',
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: true,
      applyChecksum: true,
    }).sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: '127.0.0.1',
        port: 8443,
        path: '/model/us.anthropic.claude-opus-4-5-20251101-v1%3A0/converse',
        query: { b: '2', a: ['3', '1'] },
        headers: { ...request.headers, host: '127.0.0.1:8443' },
        body: request.body,
      },
      { signingDate: NOW() },
    );
    expect(signed.headers).toEqual({
      authorization: expected.headers.authorization,
      'x-amz-date': '20260102T030405Z',
      'x-amz-content-sha256': expected.headers['x-amz-content-sha256'],
      'x-amz-security-token': 'session',
    });
    expect(signed.headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token;x-custom,',
    );
  });

  it('sends and signs a session token, asks a credentials function per request, and keeps an empty token out', async () => {
    let asked = 0;
    const authorize = awsSigV4Authorizer({
      credentials: async () => {
        asked += 1;
        return { ...KEYS, sessionToken: asked === 1 ? `session-${asked}` : '' };
      },
      region: 'eu-west-1',
      service: 'bedrock',
      now: NOW,
    });
    const first = await authorize(REQUEST, undefined);
    expect(first.headers['x-amz-security-token']).toBe('session-1');
    expect(first.headers.authorization).toContain('x-amz-security-token');
    expect(first.secrets).toEqual(['AKIDEXAMPLE', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCY', 'session-1']);
    const second = await authorize(REQUEST, undefined);
    expect(asked).toBe(2);
    expect(second.headers['x-amz-security-token']).toBeUndefined();
    expect(second.headers.authorization).not.toContain('x-amz-security-token');
  });

  it('refuses credentials without a key id or a secret, or with a session token that is not a string', async () => {
    const refused = async (credentials: unknown) => {
      const error = await awsSigV4Authorizer({
        credentials: () => credentials as typeof KEYS,
        region: 'eu-west-1',
        service: 'bedrock',
      })(REQUEST, undefined).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CrosswireError);
      return { code: (error as CrosswireError).code, message: (error as Error).message };
    };
    const missing = {
      code: 'invalid_credentials',
      message:
        'the AWS credentials have no accessKeyId or no secretAccessKey (a credentials provider must resolve to { accessKeyId, secretAccessKey, sessionToken? })',
    };
    for (const credentials of [
      null,
      'AKID',
      {},
      { accessKeyId: 'AKID' },
      { secretAccessKey: 'secret' },
      { accessKeyId: '', secretAccessKey: 'secret' },
      { accessKeyId: 'AKID', secretAccessKey: '' },
      { accessKeyId: 5, secretAccessKey: 'secret' },
      { accessKeyId: 'AKID', secretAccessKey: 5 },
    ]) {
      expect(await refused(credentials)).toEqual(missing);
    }
    expect(await refused({ ...KEYS, sessionToken: 5 })).toEqual({
      code: 'invalid_credentials',
      message: 'the AWS sessionToken must be a string',
    });
  });

  it('asks for no credentials once the signal has fired, and signs nothing when it fires during the ask', async () => {
    let asked = 0;
    const fired = new AbortController();
    fired.abort(new AbortedError('test', 'stop'));
    const authorize = awsSigV4Authorizer({
      credentials: () => {
        asked += 1;
        return KEYS;
      },
      region: 'eu-west-1',
      service: 'bedrock',
    });
    await expect(authorize(REQUEST, fired.signal)).rejects.toBeInstanceOf(AbortedError);
    expect(asked).toBe(0);
    const during = new AbortController();
    const late = awsSigV4Authorizer({
      credentials: async () => {
        during.abort(new Error('stopped while asking'));
        return KEYS;
      },
      region: 'eu-west-1',
      service: 'bedrock',
    });
    await expect(late(REQUEST, during.signal)).rejects.toThrow('stopped while asking');
  });

  it('reads the AWS variables only when both keys are set, the session token when given', () => {
    expect(awsCredentialsFromEnv({})).toBeUndefined();
    expect(awsCredentialsFromEnv({ AWS_ACCESS_KEY_ID: 'AKID' })).toBeUndefined();
    expect(awsCredentialsFromEnv({ AWS_SECRET_ACCESS_KEY: 's' })).toBeUndefined();
    expect(awsCredentialsFromEnv({ AWS_ACCESS_KEY_ID: '', AWS_SECRET_ACCESS_KEY: 's' })).toBe(
      undefined,
    );
    expect(
      awsCredentialsFromEnv({ AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 's' }),
    ).toEqual({ accessKeyId: 'AKID', secretAccessKey: 's' });
    expect(
      awsCredentialsFromEnv({
        AWS_ACCESS_KEY_ID: 'AKID',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: '',
      }),
    ).toEqual({ accessKeyId: 'AKID', secretAccessKey: 's' });
    expect(
      awsCredentialsFromEnv({
        AWS_ACCESS_KEY_ID: 'AKID',
        AWS_SECRET_ACCESS_KEY: 's',
        AWS_SESSION_TOKEN: 'tok',
      }),
    ).toEqual({ accessKeyId: 'AKID', secretAccessKey: 's', sessionToken: 'tok' });
  });
});
