// Amazon Bedrock's credentials: each request signed with AWS Signature Version 4 by AWS's own
// signer (`@smithy/signature-v4` with `@smithy/hash-node`'s SHA-256), loaded on the first signed
// request only: an engine that never signs, and every other package, loads neither.
import { CrosswireError } from '@crosswire/core';
import type {
  Authorization,
  AwsCredentials,
  AwsCredentialsProvider,
  RequestAuthorizer,
  SignableRequest,
} from './types.js';

/** The part of `@smithy/signature-v4`'s signer an engine uses. */
interface Signer {
  sign(
    request: {
      method: string;
      protocol: string;
      hostname: string;
      port?: number;
      path: string;
      query: Record<string, string | string[]>;
      headers: Record<string, string>;
      body: Uint8Array;
    },
    options?: { signingDate?: Date },
  ): Promise<{ headers: Record<string, string> }>;
}

type SignerFactory = (options: {
  credentials: AwsCredentials;
  region: string;
  service: string;
  applyChecksum: boolean;
}) => Signer;

let loading: Promise<SignerFactory> | undefined;

/** AWS's signer, loaded once, on first use; a clear error when it is not installed. */
function loadSigner(): Promise<SignerFactory> {
  loading ??= (async () => {
    try {
      const [{ SignatureV4 }, { Hash }] = await Promise.all([
        import('@smithy/signature-v4'),
        import('@smithy/hash-node'),
      ]);
      const sha256 = Hash.bind(null, 'sha256');
      return (options) => new SignatureV4({ ...options, sha256, uriEscapePath: true });
    } catch (cause) {
      loading = undefined;
      throw new CrosswireError(
        'optional_dependency_missing',
        'signing AWS requests needs @smithy/signature-v4 and @smithy/hash-node, which are not installed: npm install @smithy/signature-v4 @smithy/hash-node (or use a Bedrock API key: apiKey or AWS_BEARER_TOKEN_BEDROCK)',
        { cause, details: { packages: ['@smithy/signature-v4', '@smithy/hash-node'] } },
      );
    }
  })();
  return loading;
}

/** The AWS credentials of the standard environment variables, when both keys are set. */
export function awsCredentialsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): AwsCredentials | undefined {
  const accessKeyId = env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) return undefined;
  const sessionToken = env.AWS_SESSION_TOKEN;
  return sessionToken
    ? { accessKeyId, secretAccessKey, sessionToken }
    : { accessKeyId, secretAccessKey };
}

function checkedCredentials(value: unknown): AwsCredentials {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const { accessKeyId, secretAccessKey, sessionToken } = record;
  if (
    typeof accessKeyId !== 'string' ||
    accessKeyId === '' ||
    typeof secretAccessKey !== 'string' ||
    secretAccessKey === ''
  ) {
    throw new CrosswireError(
      'invalid_credentials',
      'the AWS credentials have no accessKeyId or no secretAccessKey (a credentials provider must resolve to { accessKeyId, secretAccessKey, sessionToken? })',
    );
  }
  if (sessionToken !== undefined && typeof sessionToken !== 'string') {
    throw new CrosswireError('invalid_credentials', 'the AWS sessionToken must be a string');
  }
  return sessionToken
    ? { accessKeyId, secretAccessKey, sessionToken }
    : { accessKeyId, secretAccessKey };
}

/** The headers AWS's signer adds to a request. */
const SIGNER_HEADERS = new Set([
  'authorization',
  'x-amz-date',
  'x-amz-security-token',
  'x-amz-content-sha256',
]);

/** What a SigV4 authorizer needs. */
export interface AwsSigningOptions {
  readonly credentials: AwsCredentials | AwsCredentialsProvider;
  readonly region: string;
  /** The service signed for: `bedrock`. */
  readonly service: string;
  /** The signing time (tests pin it to compare with AWS's own SDK); default now. */
  readonly now?: () => Date;
  /**
   * Sends and signs `x-amz-content-sha256` (the payload's hash), as the AWS SDK does for
   * Bedrock. Default true; AWS's published test vectors sign without it.
   */
  readonly applyChecksum?: boolean;
}

/**
 * An authorizer that signs each request attempt with SigV4: credentials read (a provider
 * called) per attempt, so rotated ones apply to the next request and to a retry; the headers
 * AWS's signer adds (`authorization`, `x-amz-date`, `x-amz-security-token`). The secret key never
 * leaves the signer; the key id and session token are reported as secrets, so no error, event or
 * stored state carries them.
 */
export function awsSigV4Authorizer(options: AwsSigningOptions): RequestAuthorizer {
  return async (request: SignableRequest, signal): Promise<Authorization> => {
    const createSigner = await loadSigner();
    signal?.throwIfAborted();
    const credentials = checkedCredentials(
      typeof options.credentials === 'function' ? await options.credentials() : options.credentials,
    );
    signal?.throwIfAborted();
    const url = new URL(request.url);
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const previous = query[name];
      query[name] = previous === undefined ? value : [...[previous].flat(), value];
    }
    const signer = createSigner({
      credentials,
      region: options.region,
      service: options.service,
      applyChecksum: options.applyChecksum ?? true,
    });
    const signed = await signer.sign(
      {
        method: request.method,
        protocol: url.protocol,
        hostname: url.hostname,
        ...(url.port === '' ? {} : { port: Number(url.port) }),
        path: url.pathname,
        query,
        headers: { ...request.headers, host: url.host },
        body: request.body,
      },
      options.now === undefined ? {} : { signingDate: options.now() },
    );
    // The headers the signer adds; the request's own are sent as they are.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers)) {
      const lower = name.toLowerCase();
      if (SIGNER_HEADERS.has(lower)) headers[lower] = value;
    }
    return {
      headers,
      secrets: [
        credentials.accessKeyId,
        credentials.secretAccessKey,
        credentials.sessionToken ?? '',
      ],
    };
  };
}
