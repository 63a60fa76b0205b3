import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../context.ts';
import { requireLogin, requirePasswordConfirmation } from '../http/auth.ts';
import { deleteResponseCookie, getCookie } from '../http/cookies.ts';
import { ApiError, validationFailed, validationHook } from '../http/errors.ts';
import { bootstrapFor, logIn } from '../http/login.ts';
import { ErrorSchema, jsonResponse as json } from '../http/schemas.ts';
import { accountWithSecrets, findUser } from './account.service.ts';
import { postLoginPath } from '../settings/bootstrap.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import { spendAttempt, twoFactorLimit } from '../common/throttle.service.ts';
import {
  CHALLENGE_COOKIE,
  confirmSetup,
  disable,
  issueRecoveryCodes,
  pendingLogin,
  qrCode,
  startSetup,
  twoFactorState,
  useRecoveryCode,
  verifyTotp,
} from './two-factor.service.ts';

const Message = z.object({ message: z.string() });
const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
const errors = {
  401: json(ErrorSchema, 'Not logged in'),
  422: json(ErrorSchema, 'Invalid input'),
  423: json(ErrorSchema, 'Password confirmation needed'),
};

const CodeBody = z.strictObject({ code: z.string({ error: 'Enter the code.' }).trim().regex(/^\d{6}$/, 'The code has 6 digits.') });
const ChallengeBody = z
  .strictObject({
    code: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits.').optional(),
    recovery_code: z.string().trim().length(21, 'A recovery code has 21 characters.').optional(),
  })
  .refine((body) => Boolean(body.code) !== Boolean(body.recovery_code), { message: 'Enter a code or a recovery code.', path: ['code'] });

/** The name authenticator apps show next to the account. */
const issuer = async (deps: AppDeps) => (await loadSettings(deps.db))['branding.site_name'];

/** Two-factor authentication (TOTP): the login challenge and the setup calls of spec §7. */
export const twoFactorRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/two-factor-challenge',
      tags: ['Auth'],
      summary: 'Finish a login with a code from the authenticator or a recovery code',
      request: { body: { content: { 'application/json': { schema: ChallengeBody } }, required: true } },
      responses: {
        200: json(z.object({ status: z.literal('success'), bootstrapData: z.record(z.string(), z.unknown()), redirect_uri: z.string() }), 'Logged in'),
        429: json(ErrorSchema, 'Too many wrong codes for this account'),
        ...errors,
      },
    }),
    async (c) => {
      const deps = c.get('deps');
      const pending = await pendingLogin(deps, getCookie(c, CHALLENGE_COOKIE));
      if (!pending) throw new ApiError(401, 'This login expired. Log in again.');
      const { code, recovery_code } = c.req.valid('json');
      // Counted per account, not per challenge: a new login would otherwise bring five fresh guesses.
      const attempt = await spendAttempt(deps, [twoFactorLimit(pending.user.id)], c.get('auth').user);
      const accepted = code ? await verifyTotp(deps, pending.user, code, await issuer(c.get('deps'))) : await useRecoveryCode(deps, pending.user, recovery_code!);
      if (!accepted) {
        await pending.failed();
        throw validationFailed(code ? { code: 'This code is not valid or was already used.' } : { recovery_code: 'This recovery code is not valid or was already used.' });
      }
      await attempt.succeeded();
      if (!(await pending.finish())) throw new ApiError(401, 'This login expired. Log in again.');
      deleteResponseCookie(c, CHALLENGE_COOKIE);
      await logIn(c, pending.user, pending.remember);
      const settings = await loadSettings(deps.db);
      return c.json({ status: 'success' as const, bootstrapData: await bootstrapFor(c), redirect_uri: postLoginPath(settings, c.get('auth').permissions, deps.config.appUrl) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/two-factor-authentication',
      tags: ['Auth'],
      summary: 'Start setting up two-factor authentication',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(Message, 'Setup started: show the QR code next'), ...errors },
    }),
    async (c) => {
      const user = c.get('auth').user!;
      if (user.two_factor_state === 'enabled') throw new ApiError(422, 'Two-factor authentication is already enabled.');
      await startSetup(c.get('deps'), user);
      return c.json({ message: 'Scan the QR code, then enter a code to finish.' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/user/two-factor/qr-code',
      tags: ['Auth'],
      summary: 'The QR code (SVG) and secret for the authenticator app',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(z.object({ svg: z.string(), secret: z.string() }), 'QR code'), ...errors },
    }),
    async (c) => {
      const user = await accountWithSecrets(c.get('deps'), c.get('auth').user!.id);
      if (twoFactorState(user) === 'off') throw new ApiError(422, 'Two-factor authentication is not being set up.');
      return c.json(qrCode(user, await issuer(c.get('deps'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/confirmed-two-factor-authentication',
      tags: ['Auth'],
      summary: 'Finish the setup with a code; answers the recovery codes, shown this once',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      request: { body: { content: { 'application/json': { schema: CodeBody } }, required: true } },
      responses: { 200: json(RecoveryCodes, 'Enabled'), ...errors },
    }),
    async (c) => {
      const deps = c.get('deps');
      const user = await accountWithSecrets(deps, c.get('auth').user!.id);
      if (twoFactorState(user) !== 'setup') throw new ApiError(422, 'Two-factor authentication is not being set up.');
      if (!(await verifyTotp(deps, user, c.req.valid('json').code, await issuer(c.get('deps'))))) throw validationFailed({ code: 'This code is not valid.' });
      const codes = await confirmSetup(deps, (await findUser(deps, user.id))!);
      // The session id rotates when the account's security changes.
      const session = c.get('auth').session;
      await logIn(c, (await findUser(deps, user.id))!, Boolean(session?.remember), { passwordConfirmedAt: session?.password_confirmed_at });
      return c.json({ recovery_codes: codes }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/user/two-factor-recovery-codes',
      tags: ['Auth'],
      summary: 'Replace the recovery codes',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(RecoveryCodes, 'New codes'), ...errors },
    }),
    async (c) => {
      const user = c.get('auth').user!;
      if (user.two_factor_state !== 'enabled') throw new ApiError(422, 'Two-factor authentication is not enabled.');
      return c.json({ recovery_codes: await issueRecoveryCodes(c.get('deps'), user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/user/two-factor-authentication',
      tags: ['Auth'],
      summary: 'Turn two-factor authentication off (or cancel its setup)',
      middleware: [requireLogin(), requirePasswordConfirmation()] as const,
      responses: { 200: json(Message, 'Disabled'), ...errors },
    }),
    async (c) => {
      await disable(c.get('deps'), c.get('auth').user!);
      return c.json({ message: 'Two-factor authentication is off.' }, 200);
    },
  );
