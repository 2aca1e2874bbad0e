// A provider entry's cloud route as an engine uses it: the base URL with its region, project,
// location or resource filled in, and how each request is authorized when no API key is used
// (the registry's `cloud.credentials` kind). Facts are the registry's; the code per kind is here.
import { CrosswireError, ValidationError } from '@crosswire/core';
import type { ProviderCloud, ProviderEntry } from '@crosswire/registry/lookup';
import { awsCredentialsFromEnv, awsSigV4Authorizer } from './aws.js';
import { bearerAuthorizer } from './bearer.js';
import type { CloudOptions, RequestAuthorizer } from './types.js';

type Env = Readonly<Record<string, string | undefined>>;

/** What an engine builds its transport from for a provider in a cloud account. */
export interface CloudRoute {
  /** The base URL, every `{param}` filled in. */
  readonly baseUrl: string | undefined;
  /** Authorizes each request; undefined when the API key (or no credential) is the route. */
  readonly authorize: RequestAuthorizer | undefined;
}

/** What a param value may be: one URL-safe word (a region, a project id, a resource name). */
const PARAM_VALUE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** A param's value: the engine option of its name, its environment variables in order, its default. */
function paramValue(
  provider: ProviderEntry,
  cloud: ProviderCloud,
  name: string,
  options: CloudOptions | undefined,
  env: Env,
): string | undefined {
  const param = cloud.params[name];
  const given = (options as Record<string, unknown> | undefined)?.[name];
  const value =
    (typeof given === 'string' ? given : undefined) ??
    param?.env
      .map((variable) => env[variable])
      .find((found) => found !== undefined && found !== '') ??
    param?.default;
  if (value !== undefined && !PARAM_VALUE.test(value)) {
    throw new ValidationError(
      `cloud.${name} for provider "${provider.id}" must be one word of letters, digits, ".", "_" and "-" (it goes into the URL)`,
      { path: `cloud.${name}`, code: 'invalid_cloud_param' },
    );
  }
  return value;
}

/** `template` with each `{param}` filled in; a missing one is refused, naming where it comes from. */
function filled(
  provider: ProviderEntry,
  cloud: ProviderCloud,
  template: string,
  options: CloudOptions | undefined,
  env: Env,
): string {
  return template.replace(/\{([a-z]+)\}/g, (_match, name: string) => {
    const value = paramValue(provider, cloud, name, options, env);
    if (value === undefined) {
      const variables = cloud.params[name]?.env ?? [];
      throw new ValidationError(
        `provider "${provider.id}" needs the ${name} its URL names: pass cloud.${name}${variables.length > 0 ? ` or set ${variables.join(' or ')}` : ''}`,
        { path: `cloud.${name}`, code: 'missing_cloud_param' },
      );
    }
    return encodeURIComponent(value);
  });
}

/** The base URL of a cloud route: an override for a param's value, else the template. */
function baseUrlOf(
  provider: ProviderEntry,
  cloud: ProviderCloud,
  options: CloudOptions | undefined,
  env: Env,
  apiKey: string | undefined,
): string | undefined {
  if (apiKey !== undefined && cloud.apiKeyBaseUrl !== undefined) return cloud.apiKeyBaseUrl;
  const override = cloud.baseUrlOverrides.find(
    (entry) => paramValue(provider, cloud, entry.param, options, env) === entry.value,
  );
  const template = override?.baseUrl ?? cloud.baseUrl;
  return template === undefined ? undefined : filled(provider, cloud, template, options, env);
}

/** Each credentials kind: the authorizer it gives when no API key is used. */
const AUTHORIZERS: Readonly<
  Record<
    ProviderCloud['credentials'],
    (
      provider: ProviderEntry,
      cloud: ProviderCloud,
      options: CloudOptions | undefined,
      env: Env,
    ) => RequestAuthorizer
  >
> = {
  'aws-sigv4': (provider, cloud, options, env) => {
    const credentials = options?.awsCredentials ?? awsCredentialsFromEnv(env);
    if (credentials === undefined) {
      throw new CrosswireError(
        'missing_credentials',
        `provider "${provider.id}" needs credentials: pass apiKey or set ${provider.apiKeyEnv ?? 'an API key'} (a Bedrock API key), or pass cloud.awsCredentials or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY`,
        { details: { provider: provider.id } },
      );
    }
    return awsSigV4Authorizer({
      credentials,
      region: paramValue(provider, cloud, 'region', options, env) ?? 'us-east-1',
      service: cloud.service ?? 'bedrock',
    });
  },
  'google-oauth': (_provider, _cloud, options) =>
    bearerAuthorizer(options?.getAccessToken, 'google-default-credentials'),
  'bearer-token': (provider, _cloud, options) => {
    if (options?.getAccessToken === undefined) {
      throw new CrosswireError(
        'missing_api_key',
        `provider "${provider.id}" needs an API key or an access token: pass apiKey${provider.apiKeyEnv ? ` or set ${provider.apiKeyEnv}` : ''}, or pass cloud.getAccessToken`,
        { details: { provider: provider.id, env: provider.apiKeyEnv } },
      );
    }
    return bearerAuthorizer(options.getAccessToken, undefined);
  },
};

/**
 * The cloud route of `provider` (undefined for a provider without `cloud` data): its base URL
 * (unless `baseUrl` replaces it) and, when no API key is used, the authorizer of its credentials
 * kind. Throws `missing_credentials`, `missing_api_key` or `missing_cloud_param` (naming the
 * option and the environment variables) when the route cannot be made.
 */
export function cloudRoute(
  provider: ProviderEntry,
  context: {
    readonly apiKey: string | undefined;
    readonly options: CloudOptions | undefined;
    readonly env: Env;
    /** The engine's `baseUrl` option: when given, the URL template is not filled. */
    readonly baseUrl: string | undefined;
  },
): CloudRoute | undefined {
  const cloud = provider.cloud;
  if (cloud === undefined) return undefined;
  const { options, env } = context;
  // A key counts only where the provider takes one (Claude on Vertex AI has no API keys).
  const apiKey = provider.auth === null ? undefined : context.apiKey;
  return {
    baseUrl:
      context.baseUrl === undefined ? baseUrlOf(provider, cloud, options, env, apiKey) : undefined,
    authorize:
      apiKey === undefined
        ? AUTHORIZERS[cloud.credentials](provider, cloud, options, env)
        : undefined,
  };
}

/** `body` with the fields the route leaves out removed and the ones it requires set. */
export function withRouteBody(
  provider: ProviderEntry,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const change = provider.requestBody;
  if (change === undefined) return body;
  const out: Record<string, unknown> = { ...body };
  for (const field of change.omit) delete out[field];
  return { ...out, ...change.set };
}
