import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  type CfnUserPoolClient,
  FeaturePlan,
  LambdaVersion,
  OAuthScope,
  ResourceServerScope,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { READ_ONLY_GROUP, STAFF_GROUP } from '../../functions/auth/add-shop-claim';
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
  /** The merchant console's URL (`https://<domain>/admin/`): its sign-in client and staff groups. */
  consoleUrl?: string;
}

/** What the console's public client may ask for: who signed in; the API scopes come by group. */
export const CONSOLE_SCOPES = ['openid', 'email'] as const;

/**
 * The shop's own OAuth 2.0 issuer: a Cognito user pool for machine clients (client credentials),
 * a resource server whose scopes are the route table's, a back-office client with every scope, a
 * storefront client with none that matters, and a V3 pre-token trigger that binds every access
 * token to the shop (`shop` claim). V3 triggers (the ones that also run for client credentials)
 * need the Essentials feature plan or higher. With a console: its public client (authorization
 * code through the pool's login pages, PKCE) and the staff groups whose members the trigger gives
 * the API's scopes (functions/auth/add-shop-claim.ts).
 */
export class ShopAuth extends Construct {
  readonly userPool: UserPool;
  readonly domain: UserPoolDomain;
  readonly backOfficeClient: UserPoolClient;
  readonly storefrontClient: UserPoolClient;
  /** The console's public client (no secret), when there is a console. */
  readonly consoleClient: UserPoolClient | undefined;
  readonly claimFunction: ApiFunction;
  /** `iss` of the pool's access tokens; JWKS at issuer + /.well-known/jwks.json. */
  readonly issuer: string;
  readonly tokenUrl: string;

  constructor(scope: Construct, id: string, props: ShopAuthProps) {
    super(scope, id);
    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: Stack.of(this).stackName,
      featurePlan: FeaturePlan.ESSENTIALS,
      // Staff are invited by the shop's people (npm run staff), never sign themselves up.
      selfSignUpEnabled: false,
      // Staff reset a forgotten password by a code sent to their e-mail address (the login page's link).
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(props.consoleUrl
        ? {
            userInvitation: {
              emailSubject: 'Your access to the shop console',
              emailBody: `You were added to the console of shop ${props.shopId}: ${props.consoleUrl}<br>User name: {username}<br>Temporary password: {####}<br>You choose your own password at the first sign-in.`,
            },
          }
        : {}),
      // Staff passwords (set at the first sign-in) and any made by hand must be strong.
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
          'Machine clients sign in with client credentials; the only people are staff the shop\'s people invite (no self sign-up, 14-character passwords, members of a staff group to get any scope). MFA for them is left to the merchant (docs/deploy.md "The merchant console").',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          "The Plus plan's threat protection (compromised credentials, adaptive sign-in) is billed per user and only guards the console's few invited staff; Essentials runs the V3_0 pre-token trigger. Moving up is the merchant's choice (docs/deploy.md \"The merchant console\").",
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
    this.consoleClient = props.consoleUrl ? this.addConsole(props.consoleUrl) : undefined;
  }

  /**
   * The console's sign-in: a public client (a browser keeps no secret) for the authorization code
   * grant through the pool's login pages, back to `<console>/callback`; PKCE is the app's part
   * (Cognito accepts a code without it: docs/deploy.md). It asks only for `openid email`: the API
   * scopes come from the staff groups, by the pre-token trigger.
   */
  private addConsole(consoleUrl: string): UserPoolClient {
    this.userPool.addGroup('StaffGroup', {
      groupName: STAFF_GROUP,
      description: 'Console staff: every scope of the shop API',
    });
    this.userPool.addGroup('ReadOnlyStaffGroup', {
      groupName: READ_ONLY_GROUP,
      description: 'Console staff who may only read (the *_read scopes)',
    });
    const client = this.userPool.addClient('ConsoleClient', {
      userPoolClientName: 'console',
      generateSecret: false,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL],
        callbackUrls: [`${consoleUrl}callback`],
        logoutUrls: [consoleUrl],
      },
      supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO],
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      // A working day; a removed member's refresh gives no scopes anyway (the trigger runs again).
      refreshTokenValidity: Duration.hours(10),
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
    });
    // CDK writes no list for "no flow", and Cognito then allows SRP and custom sign-in through its
    // API: the login pages alone sign staff in, the app only refreshes.
    (client.node.defaultChild as CfnUserPoolClient).explicitAuthFlows = ['ALLOW_REFRESH_TOKEN_AUTH'];
    return client;
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
