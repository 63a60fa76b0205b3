import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { deleteResponseCookie, getCookie, isSecureRequest, setResponseCookie } from '../http/cookies.ts';
import { emailField, ErrorSchema, PasswordBody, passwordField } from '../http/schemas.ts';
import { ApiError, validationFailed, validationHook } from '../http/errors.ts';
import { PASSWORD_CONFIRMATION_SECONDS, passwordRecentlyConfirmed, requireLogin } from '../http/auth.ts';
import { changePassword, passwordMatches, recordPasswordConfirmation } from './account.service.ts';
import { endSession, registerUser, resolveAuth, SESSION_COOKIE, verifyCredentials } from './auth.service.ts';
import { postLoginPath } from '../settings/bootstrap.service.ts';
import { needsVerification, sendVerificationCode } from './email-verification.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';
import { requireHuman } from './recaptcha.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { CHALLENGE_COOKIE, CHALLENGE_MINUTES, startLoginChallenge, twoFactorState } from './two-factor.service.ts';
import { bootstrapFor, clientInfo, logIn } from '../http/login.ts';
import { joinAfterRegistration } from '../http/workspace.ts';
import { inviteForRegistration } from '../workspaces/workspaces.service.ts';
import { assertNotThrottled, hit, loginLimits, spendAttempt } from '../common/throttle.service.ts';
import { logger } from '../logging/logger.ts';

const LoginBody = z
  .strictObject({
    email: emailField,
    password: passwordField,
    remember: z.boolean().default(true),
    token: z.string().max(4000).optional().openapi({ description: 'Human check token, when enabled for login.' }),
  })
  .openapi('LoginRequest');

const newPassword = z.string({ error: 'Enter a password.' }).min(8, 'Use at least 8 characters.').max(255, 'Use at most 255 characters.');

const ForgotPasswordBody = z.strictObject({ email: emailField }).openapi('ForgotPasswordRequest');

const ResetPasswordBody = z
  .strictObject({
    token: z.string().min(1).max(200),
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'Confirm your password.' }).max(255),
  })
  .refine((body) => body.password === body.password_confirmation, { message: "The passwords don't match.", path: ['password_confirmation'] })
  .openapi('ResetPasswordRequest');

const MessageResponse = z.object({ message: z.string() });

const ConfirmPasswordBody = PasswordBody.openapi('ConfirmPasswordRequest');

const ChangePasswordBody = z
  .strictObject({
    current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(1000),
    password: newPassword,
    password_confirmation: z.string({ error: 'Confirm your password.' }).max(255),
  })
  .refine((body) => body.password === body.password_confirmation, { message: "The passwords don't match.", path: ['password_confirmation'] })
  .openapi('ChangePasswordRequest');

const BootstrapResponse = z.object({ bootstrapData: z.record(z.string(), z.unknown()) });

const RegisterBody = z
  .object({
    email: emailField,
    password: newPassword,
    password_confirmation: z.string({ error: 'Confirm your password.' }).max(255),
    token: z.string().max(4000).optional().openapi({ description: 'Human check token, when enabled for registration.' }),
    invite_id: z.string().max(1000).optional().openapi({ description: 'The secret of a workspace invitation: registration then works even when it is disabled.' }),
    invite_type: z.enum(['workspace'], { error: 'Unknown invite type.' }).optional(),
  })
  // Each registration policy adds a required checkbox named by its id, so the keys are checked against the settings.
  .catchall(z.unknown())
  .refine((body) => body.password === body.password_confirmation, { message: "The passwords don't match.", path: ['password_confirmation'] })
  .openapi('RegisterRequest');

/** Account calls the client sends without the api/v1 prefix (spec §7). */
export const authRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      tags: ['Auth'],
      summary: 'Log in with email and password',
      request: { body: { content: { 'application/json': { schema: LoginBody } }, required: true } },
      responses: {
        429: { description: 'Too many failed attempts', content: { 'application/json': { schema: ErrorSchema } } },
        200: {
          description: 'Logged in',
          content: {
            'application/json': {
              schema: z.object({
                two_factor: z.boolean().openapi({ description: 'True when a second factor is needed: send it to /auth/two-factor-challenge.' }),
                status: z.literal('success').optional(),
                bootstrapData: z.record(z.string(), z.unknown()).optional(),
                redirect_uri: z.string().optional(),
              }),
            },
          },
        },
        422: { description: 'Wrong credentials or invalid input', content: { 'application/json': { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const { email, password, remember, token } = c.req.valid('json');
      const { ip } = clientInfo(c);
      await requireHuman(deps, 'login', token, ip);
      const attempt = await spendAttempt(deps, loginLimits(email, ip), c.get('auth').user);
      const user = await verifyCredentials(deps, email, password);
      if (!user) throw validationFailed({ email: 'These credentials do not match our records.' });
      // Clears the account's failures but not the network's, nor the account's wrong two-factor codes.
      await attempt.succeeded();
      if (twoFactorState(user) === 'enabled') {
        // No session yet: a short-lived challenge cookie waits for the second factor.
        setResponseCookie(c, CHALLENGE_COOKIE, await startLoginChallenge(deps, user, remember), { httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c), maxAge: CHALLENGE_MINUTES * 60 });
        return c.json({ two_factor: true }, 200);
      }
      await logIn(c, user, remember);
      const settings = await loadSettings(deps.db);
      return c.json(
        { status: 'success' as const, two_factor: false, bootstrapData: await bootstrapFor(c), redirect_uri: postLoginPath(settings, c.get('auth').permissions, deps.config.appUrl) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      tags: ['Auth'],
      summary: 'Create an account and log in',
      request: { body: { content: { 'application/json': { schema: RegisterBody } }, required: true } },
      responses: {
        200: { description: 'Registered and logged in', content: { 'application/json': { schema: BootstrapResponse.extend({ status: z.string(), redirect_uri: z.string() }) } } },
        403: { description: 'Registration is disabled', content: { 'application/json': { schema: ErrorSchema } } },
        422: { description: 'Invalid input or email taken', content: { 'application/json': { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const settings = await loadSettings(deps.db);
      const { email, password, token, password_confirmation: _confirmation, invite_id, invite_type: _inviteType, ...extra } = c.req.valid('json');
      // An invitation is always allowed to register (spec §2), but only for the address it was sent to.
      const invite = invite_id === undefined ? null : await inviteForRegistration(deps.db, invite_id, email);
      if (settings['registration.disable'] && !invite) throw new ApiError(403, 'Registration is disabled on this site.');
      await requireHuman(deps, 'register', token, clientInfo(c).ip);
      const policies = settings['registration.policies'];
      const errors: Record<string, string> = {};
      for (const key of Object.keys(extra)) {
        if (!policies.some((policy) => policy.id === key)) errors[key] = `Unknown field "${key}".`;
      }
      for (const policy of policies) {
        if (extra[policy.id] !== true) errors[policy.id] = `Accept the ${policy.label} to continue.`;
      }
      if (Object.keys(errors).length) throw validationFailed(errors);

      let user = await registerUser(deps, email, password);
      if (!user) throw validationFailed({ email: 'An account with this email already exists.' });
      if (invite) user = await joinAfterRegistration(c, user, invite);
      await logIn(c, user, true);
      const status = (await needsVerification(deps, user)) ? 'needs_email_verification' : 'success';
      if (status === 'needs_email_verification') await sendVerificationCode(deps, user);
      return c.json({ status, bootstrapData: await bootstrapFor(c), redirect_uri: postLoginPath(settings, c.get('auth').permissions, deps.config.appUrl) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      tags: ['Auth'],
      summary: 'Mail a password reset link',
      description: 'Answers the same whether or not the address has an account.',
      request: { body: { content: { 'application/json': { schema: ForgotPasswordBody } }, required: true } },
      responses: { 200: { description: 'Accepted', content: { 'application/json': { schema: MessageResponse } } } },
    }),
    async (c) => {
      // In the background: how long the mail takes must not tell whether the account exists.
      void requestPasswordReset(c.get('deps'), c.req.valid('json').email).catch((error) => logger.error({ err: error, req_id: c.get('requestId') }, 'Sending a password reset failed'));
      return c.json({ message: 'If an account exists for this email, we sent a link to reset its password.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      tags: ['Auth'],
      summary: 'Choose a new password with the token from the mail',
      request: { body: { content: { 'application/json': { schema: ResetPasswordBody } }, required: true } },
      responses: {
        200: { description: 'Password changed; every session of the account ended', content: { 'application/json': { schema: MessageResponse } } },
        422: { description: 'Invalid input, or a link that is invalid, used or expired', content: { 'application/json': { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const { token, email, password } = c.req.valid('json');
      if (!(await resetPassword(c.get('deps'), token, email, password))) {
        throw validationFailed({ email: 'This password reset link is invalid or has expired. Request a new one.' });
      }
      return c.json({ message: 'Your password has been reset. You can log in with it now.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/confirmed-password-status',
      tags: ['Auth'],
      summary: 'Whether this session confirmed its password within the last `seconds` (at most 9000)',
      middleware: [requireLogin()] as const,
      request: { query: z.object({ seconds: z.coerce.number().int().min(1).max(PASSWORD_CONFIRMATION_SECONDS).default(PASSWORD_CONFIRMATION_SECONDS) }) },
      responses: { 200: { description: 'Status', content: { 'application/json': { schema: z.object({ confirmed: z.boolean() }) } } } },
    }),
    async (c) => c.json({ confirmed: passwordRecentlyConfirmed(c.get('auth'), c.req.valid('query').seconds) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/confirm-password',
      tags: ['Auth'],
      summary: 'Confirm the password for sensitive actions during the next 9000 seconds',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: ConfirmPasswordBody } }, required: true } },
      responses: {
        200: { description: 'Confirmed', content: { 'application/json': { schema: MessageResponse } } },
        422: { description: 'Wrong password', content: { 'application/json': { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const auth = c.get('auth');
      if (!auth.session) throw new ApiError(403, 'This action needs a browser session, not an API token.');
      const limit = { key: `confirm-password:${auth.user!.id}`, max: 5, windowMs: 60_000 };
      await assertNotThrottled(deps, limit, 'Too many attempts. Please try again in :seconds seconds.');
      if (!(await passwordMatches(deps, auth.user!, c.req.valid('json').password))) {
        await hit(deps, limit);
        throw validationFailed({ password: 'This password is incorrect.' });
      }
      await recordPasswordConfirmation(deps, auth.session.id);
      return c.json({ message: 'Password confirmed.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/user/password',
      tags: ['Auth'],
      summary: 'Change the password; other sessions end and this one gets a new id',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: ChangePasswordBody } }, required: true } },
      responses: {
        200: { description: 'Changed', content: { 'application/json': { schema: MessageResponse } } },
        422: { description: 'Wrong current password or invalid new one', content: { 'application/json': { schema: ErrorSchema } } },
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = c.get('auth').user!;
      const { current_password, password } = c.req.valid('json');
      const changed = await changePassword(deps, user, current_password, password);
      const session = c.get('auth').session;
      // Typing the current password is a fresh confirmation for the new session.
      if (session) await logIn(c, changed, Boolean(session.remember), { passwordConfirmedAt: new Date().toISOString() });
      return c.json({ message: 'Password changed.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      tags: ['Auth'],
      summary: 'Log out and end this session on the server',
      responses: { 200: { description: 'Logged out; bootstrap data for a visitor', content: { 'application/json': { schema: BootstrapResponse } } } },
    }),
    async (c) => {
      const deps = c.get('deps');
      const token = getCookie(c, SESSION_COOKIE);
      if (token) await endSession(deps, token);
      deleteResponseCookie(c, SESSION_COOKIE);
      c.set('auth', await resolveAuth(deps, undefined));
      return c.json({ bootstrapData: await bootstrapFor(c) }, 200);
    },
  );

