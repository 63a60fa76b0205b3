import { randomBytes } from 'node:crypto';
import type { UserRow } from '@app/db';
import * as accountSecurityRepository from '@app/db/accounts/account-security';
import * as socialProfilesRepository from '@app/db/accounts/social-profiles';
import * as usersRepository from '@app/db/accounts/users';
import * as permissionsRepository from '@app/db/permissions/permissions';
import type { AppDeps } from '../context.ts';
import { notFound, ValidationError } from '../common/errors.ts';
import { sha256Bytes as sha256 } from '../common/hashing.ts';
import { startingName } from './display-name.ts';
import { loadSettings, type Settings } from '../settings/settings.service.ts';
import { PROVIDERS, SOCIAL_SERVICES, type ProviderDefinition, type SocialProfile, type SocialService } from './social-providers.ts';
import type { SignedInUser, UserAccount } from './signed-in-user.ts';

export type SocialMode = 'login' | 'connect';

/** What the flow keeps between the redirect to the provider and its callback (a cookie). */
export interface SocialFlowState {
  state: string;
  verifier: string;
  mode: SocialMode;
}

export class SocialAuthError extends Error {}


export function isSocialService(name: string): name is SocialService {
  return (SOCIAL_SERVICES as readonly string[]).includes(name);
}

export interface ResolvedProvider extends ProviderDefinition {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The provider with its credentials, when it is enabled in settings and has a client id. */
export async function enabledProvider(deps: AppDeps, service: SocialService): Promise<ResolvedProvider | undefined> {
  const settings = await loadSettings(deps.db);
  if (!settings[`social.${service}.enable` as keyof Settings]) return undefined;
  const env = deps.config.social[service] ?? {};
  const clientId = env.clientId ?? (settings[`social.${service}.client_id` as keyof Settings] as string);
  const clientSecret = env.clientSecret ?? (settings[`social.${service}.client_secret` as keyof Settings] as string);
  if (!clientId) return undefined;
  const definition = PROVIDERS[service];
  return {
    ...definition,
    authorizeUrl: env.authorizeUrl ?? definition.authorizeUrl,
    tokenUrl: env.tokenUrl ?? definition.tokenUrl,
    userInfoUrl: env.userInfoUrl ?? definition.userInfoUrl,
    clientId,
    clientSecret: clientSecret ?? '',
    redirectUri: `${deps.config.appUrl}/secure/auth/social/${service}/callback`,
  };
}

/** Step one: the provider's authorization address, and the state to keep until the callback. */
export function authorizationRequest(provider: ResolvedProvider, mode: SocialMode): { url: string; flow: SocialFlowState } {
  const flow: SocialFlowState = { state: randomBytes(24).toString('base64url'), verifier: randomBytes(48).toString('base64url'), mode };
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', provider.redirectUri);
  url.searchParams.set('state', flow.state);
  if (provider.scopes.length) url.searchParams.set('scope', provider.scopes.join(' '));
  if (provider.pkce) {
    url.searchParams.set('code_challenge', sha256(flow.verifier).toString('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return { url: url.toString(), flow };
}

/** Step two: trades the code for an access token and reads who the user is at the provider. */
export async function fetchProfile(provider: ResolvedProvider, code: string, flow: SocialFlowState): Promise<SocialProfile> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: provider.redirectUri });
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' };
  if (provider.tokenAuth === 'basic') {
    headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', provider.clientId);
    body.set('client_secret', provider.clientSecret);
  }
  if (provider.pkce) body.set('code_verifier', flow.verifier);
  const tokenResponse = await fetch(provider.tokenUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  const token = (await tokenResponse.json().catch(() => ({}))) as { access_token?: string; error?: string };
  if (!tokenResponse.ok || !token.access_token) throw new SocialAuthError(`${provider.label} did not accept the sign-in (${token.error ?? tokenResponse.status}).`);

  const infoResponse = await fetch(provider.userInfoUrl, { headers: { Authorization: `Bearer ${token.access_token}`, Accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!infoResponse.ok) throw new SocialAuthError(`${provider.label} did not share your profile.`);
  const profile = provider.profile((await infoResponse.json()) as Record<string, unknown>);
  if (!profile.id) throw new SocialAuthError(`${provider.label} did not share your profile.`);
  return profile;
}

const PENDING_TYPE = 'social_connect';
const PENDING_MINUTES = 10;

export type LoginOutcome =
  | { kind: 'logged-in'; user: UserRow }
  | { kind: 'password-required'; pendingToken: string }
  | { kind: 'error'; message: string };

/**
 * Signs in with a provider account: a linked account logs in; an unknown one creates an account,
 * unless an account already uses the verified address, which must prove it owns it with its
 * password first (REQUEST_PASSWORD), so a provider account cannot take over an existing one.
 */
export async function socialLogin(deps: AppDeps, service: SocialService, profile: SocialProfile): Promise<LoginOutcome> {
  const linked = await socialProfilesRepository.findSocialProfile(deps.db, service, profile.id);
  if (linked) {
    const user = await usersRepository.findUserById(deps.db, linked.user_id);
    if (user) return { kind: 'logged-in', user };
  }
  const existing = profile.email ? await usersRepository.findUserByEmail(deps.db, profile.email) : undefined;
  if (existing && !profile.emailVerified) {
    const label = PROVIDERS[service].label;
    return { kind: 'error', message: `An account already uses this email. Log in with your password, then connect ${label} from your account settings.` };
  }
  if (existing) {
    const pendingToken = randomBytes(32).toString('base64url');
    await accountSecurityRepository.replaceUserToken(deps.db, {
      id: sha256(pendingToken).toString('hex'),
      user_id: existing.id,
      type: PENDING_TYPE,
      expires_at: new Date(Date.now() + PENDING_MINUTES * 60_000).toISOString(),
      data: JSON.stringify({ service, id: profile.id, username: profile.username }),
    });
    return { kind: 'password-required', pendingToken };
  }
  const settings = await loadSettings(deps.db);
  if (settings['registration.disable']) return { kind: 'error', message: 'Registration is disabled on this site.' };
  if (!profile.email) return { kind: 'error', message: `${PROVIDERS[service].label} did not share an email address, which an account needs. Register with your email first, then connect ${PROVIDERS[service].label}.` };
  const user = await usersRepository.createUser(
    deps.db,
    { email: profile.email, name: profile.name || startingName(profile.email), password: null, email_verified_at: profile.emailVerified ? new Date().toISOString() : null },
    await permissionsRepository.defaultRoleIds(deps.db),
  );
  await socialProfilesRepository.linkSocialProfile(deps.db, { user_id: user.id, service_name: service, user_service_id: profile.id, username: profile.username });
  return { kind: 'logged-in', user };
}

/** Attaches a provider account to the logged-in user, unless another user already has it. */
export async function socialConnect(deps: AppDeps, service: SocialService, profile: SocialProfile, user: UserAccount): Promise<string | undefined> {
  const linked = await socialProfilesRepository.findSocialProfile(deps.db, service, profile.id);
  if (linked && linked.user_id !== user.id) return `This ${PROVIDERS[service].label} account is connected to another user.`;
  await socialProfilesRepository.linkSocialProfile(deps.db, { user_id: user.id, service_name: service, user_service_id: profile.id, username: profile.username });
  return undefined;
}

/** The sign-in that waits for the password of the account with the same address. */
export async function pendingConnection(deps: AppDeps, token: string | undefined) {
  if (!token || token.length > 100) return undefined;
  const stored = await accountSecurityRepository.findUserToken(deps.db, sha256(token).toString('hex'), PENDING_TYPE);
  if (!stored || Date.parse(stored.expires_at) <= Date.now()) return undefined;
  const user = await usersRepository.findUserById(deps.db, stored.user_id);
  if (!user) return undefined;
  const data = JSON.parse(stored.data ?? '{}') as { service: SocialService; id: string; username: string | null };
  return {
    user,
    service: data.service,
    finish: async () => {
      if (!(await accountSecurityRepository.consumeUserToken(deps.db, stored.id))) return false;
      await socialProfilesRepository.linkSocialProfile(deps.db, { user_id: user.id, service_name: data.service, user_service_id: data.id, username: data.username });
      return true;
    },
  };
}

/** Disconnects a provider's account, unless it is the user's only way to log in. */
export async function socialDisconnect(deps: AppDeps, user: Pick<SignedInUser, 'id' | 'has_password'>, service: SocialService): Promise<void> {
  const profiles = await socialProfilesRepository.socialProfilesOfUser(deps.db, user.id);
  if (!profiles.some((p) => p.service_name === service)) throw notFound(`No ${PROVIDERS[service].label} account is connected.`);
  // Without a password, the last social account is the only way in.
  if (!user.has_password && profiles.length === 1) throw new ValidationError('Set a password before disconnecting your only way to log in.');
  await socialProfilesRepository.unlinkSocialProfile(deps.db, user.id, service);
}
