// What an engine needs to reach a model in a cloud account (Amazon Bedrock, Google Vertex AI,
// Azure OpenAI): the options a caller gives, and the per-request authorization the transport runs.

/** AWS credentials, as the AWS SDKs name them. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** For temporary credentials (STS, SSO, an assumed role). */
  readonly sessionToken?: string;
}

/**
 * A function that gives AWS credentials, called before each signed request: for rotating
 * credentials (the AWS SDK's `fromNodeProviderChain()` and every `@aws-sdk/credential-providers`
 * function fit, since they cache and refresh on their own).
 */
export type AwsCredentialsProvider = () => AwsCredentials | Promise<AwsCredentials>;

/** Where an engine's cloud route comes from, beyond the registry's data. */
export interface CloudOptions {
  /** Amazon Bedrock: the AWS region. Default `AWS_REGION`, `AWS_DEFAULT_REGION`, then `us-east-1`. */
  readonly region?: string;
  /** Vertex AI: the Google Cloud project. Default `GOOGLE_CLOUD_PROJECT`. */
  readonly project?: string;
  /** Vertex AI: the location (`global`, `us-east5`...). Default `GOOGLE_CLOUD_LOCATION`, then `global`. */
  readonly location?: string;
  /** Azure OpenAI: the resource name (`https://RESOURCE.openai.azure.com`). Default `AZURE_RESOURCE_NAME`. */
  readonly resource?: string;
  /**
   * Amazon Bedrock: the credentials requests are signed with (SigV4), or a function that gives
   * them. Default: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`. An API
   * key (`apiKey` or `AWS_BEARER_TOKEN_BEDROCK`) is used instead when there is one.
   */
  readonly awsCredentials?: AwsCredentials | AwsCredentialsProvider;
  /**
   * Vertex AI and Azure OpenAI: an access token for `Authorization: Bearer`, called before each
   * request (cache it yourself; Google's `GoogleAuth#getAccessToken` does). Vertex AI without it
   * loads `google-auth-library` (an optional peer) and uses Application Default Credentials
   * (`GOOGLE_APPLICATION_CREDENTIALS`).
   */
  readonly getAccessToken?: () => string | Promise<string>;
}

/** One request as it will be sent, for an authorizer to sign. */
export interface SignableRequest {
  readonly method: 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** What an authorizer adds: headers, and the secrets they carry (kept out of every report). */
export interface Authorization {
  readonly headers: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
}

/** Signs or authorizes one request attempt; runs before every attempt, retries included. */
export type RequestAuthorizer = (
  request: SignableRequest,
  signal: AbortSignal | undefined,
) => Promise<Authorization>;
