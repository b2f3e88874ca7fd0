import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  LambdaVersion,
  OAuthScope,
  ResourceServerScope,
  UserPool,
  type UserPoolClient,
  type UserPoolDomain,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { StackConfigError } from '../config';
import { ADD_SHOP_CLAIM_ENTRY } from '../function-entries';
import { ApiFunction } from './api-function';

/** The resource server of the API: scopes arrive as `shop-api/<scope>`; the API reads the part after `/`. */
export const API_RESOURCE_SERVER = 'shop-api';
/**
 * Cognito issues client-credentials tokens only for custom scopes, and a client-credentials app
 * client needs at least one. The storefront gets this one scope of its own resource server: it
 * matches no route scope, so its tokens are "any valid token of the shop" and no more.
 */
export const STOREFRONT_RESOURCE_SERVER = 'shop-storefront';
export const STOREFRONT_SCOPE = 'storefront';

export interface ShopAuthProps {
  shopId: string;
  /** The scopes of the route table: the resource server's scopes, all granted to the back office. */
  scopes: readonly string[];
  /** Cognito prefix domain of the token endpoint; must be unique in the region. */
  domainPrefix: string;
  logRetention: RetentionDays;
  logLevel: string;
}

/**
 * The shop's own OAuth 2.0 issuer: a Cognito user pool for machine clients (client credentials),
 * a resource server whose scopes are the route table's, a back-office client with every scope, a
 * storefront client with none that matters, and a V3 pre-token trigger that binds every access
 * token to the shop (`shop` claim). V3 triggers (the ones that also run for client credentials)
 * need the Essentials feature plan or higher.
 */
export class ShopAuth extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;
  readonly backOfficeClient: UserPoolClient;
  readonly storefrontClient: UserPoolClient;
  readonly claimFunction: ApiFunction;
  /** `iss` of the pool's access tokens; JWKS at issuer + /.well-known/jwks.json. */
  readonly issuer: string;
  readonly tokenUrl: string;

  constructor(scope: Construct, id: string, props: ShopAuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: Stack.of(this).stackName,
      featurePlan: FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: false,
      // Machine clients only: there are no users to recover.
      accountRecovery: AccountRecovery.NONE,
      // No user ever gets a password here; should one be created by hand, it must still be strong.
      passwordPolicy: {
        minLength: 14,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
      },
      // Only app clients live here, no user data: a destroyed shop leaves no billed pool behind.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG2',
        reason:
          'Machine-to-machine pool: tokens come only from the client-credentials grant of app clients (client id and secret); there are no users and no sign-in that MFA could protect.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus plan adds threat protection for user sign-ins, which this pool has none of; Essentials is the plan that runs V3_0 pre-token triggers for client credentials (docs/deploy.md).',
      },
    ]);
    this.claimFunction = new ApiFunction(this, 'AddShopClaim', {
      entry: ADD_SHOP_CLAIM_ENTRY,
      description: `Pre-token generation: shop claim ${props.shopId}`,
      // The scopes a staff member gets by group (functions/auth/add-shop-claim.ts).
      environment: {
        SHOP_ID: props.shopId,
        SHOP_SCOPES: props.scopes.join(','),
        SCOPE_PREFIX: `${API_RESOURCE_SERVER}/`,
        LOG_LEVEL: props.logLevel,
      },
      access: 'none',
      logRetention: props.logRetention,
      memorySize: 256,
      timeout: Duration.seconds(5),
    });
    this.userPool.addTrigger(
      UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      this.claimFunction.fn,
      LambdaVersion.V3_0,
    );

    const apiScopes = props.scopes.map(
      (name) => new ResourceServerScope({ scopeName: name, scopeDescription: `Shop API scope ${name}` }),
    );
    const apiServer = this.userPool.addResourceServer('ApiResourceServer', {
      identifier: API_RESOURCE_SERVER,
      userPoolResourceServerName: 'Shop API',
      scopes: apiScopes,
    });
    const storefrontScope = new ResourceServerScope({
      scopeName: STOREFRONT_SCOPE,
      scopeDescription: 'Storefront: any valid token of the shop, no route scope',
    });
    const storefrontServer = this.userPool.addResourceServer('StorefrontResourceServer', {
      identifier: STOREFRONT_RESOURCE_SERVER,
      userPoolResourceServerName: 'Shop storefront',
      scopes: [storefrontScope],
    });

    const machineClient = (clientId: string, name: string, scopes: OAuthScope[]) =>
      this.userPool.addClient(clientId, {
        userPoolClientName: name,
        generateSecret: true,
        oAuth: { flows: { clientCredentials: true }, scopes },
        accessTokenValidity: Duration.hours(1),
        enableTokenRevocation: true,
        preventUserExistenceErrors: true,
      });
    this.backOfficeClient = machineClient(
      'BackOfficeClient',
      'back-office',
      apiScopes.map((s) => OAuthScope.resourceServer(apiServer, s)),
    );
    this.storefrontClient = machineClient('StorefrontClient', 'storefront', [
      OAuthScope.resourceServer(storefrontServer, storefrontScope),
    ]);

    this.domain = this.userPool.addDomain('TokenDomain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });
    // The `iss` Cognito writes into its tokens (the JWKS lives below it).
    const stack = Stack.of(this);
    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
    this.tokenUrl = `${this.domain.baseUrl()}/oauth2/token`;
  }
}

/**
 * The default Cognito domain prefix of a shop: `shop-<shop id>-<account id>` (prefixes are unique
 * per region across all accounts, so the account keeps two merchants' `demo` shops apart).
 */
export function defaultDomainPrefix(shopSlug: string): string {
  const part = shopSlug
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 44)
    .replace(/-+$/, '');
  if (/aws|amazon|cognito/.test(part)) {
    throw new StackConfigError(
      `The shop id "${shopSlug}" cannot be part of a Cognito domain (it contains aws, amazon or cognito): set --context authDomainPrefix=...`,
    );
  }
  return `shop-${part}-${Aws.ACCOUNT_ID}`;
}
