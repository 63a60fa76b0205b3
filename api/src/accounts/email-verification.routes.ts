import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { requireLogin } from '../http/auth.ts';
import { ApiError, validationFailed, validationHook } from '../http/errors.ts';
import { errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { checkVerificationCode, sendVerificationCode } from './email-verification.service.ts';

const Message = z.object({ message: z.string() });

const CODE_ERRORS = {
  invalid: 'This code is not valid.',
  expired: 'This code has expired. Request a new one.',
  locked: 'Too many wrong codes. Request a new one.',
} as const;

/** The email verification gate's two calls: send a code, check a code. */
export const emailVerificationRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/resend-email-verification',
      tags: ['Account'],
      summary: 'Mail a new 6-digit verification code (once a minute)',
      middleware: [requireLogin()] as const,
      request: { body: { content: { 'application/json': { schema: z.strictObject({ email: z.string().max(255).optional() }) } }, required: false } },
      responses: { 200: json(Message, 'Sent'), 429: json(Message, 'Asked again too soon'), 503: json(Message, 'The mail server refused it'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('auth').user!;
      if (user.email_verified_at) throw validationFailed({ email: 'Your email address is already verified.' });
      const result = await sendVerificationCode(c.get('deps'), user);
      if ('wait' in result) throw new ApiError(429, `Wait ${result.wait} seconds before asking for another code.`);
      if (result.status === 'failed') throw new ApiError(503, 'The email could not be sent. Try again later.');
      return c.json({ message: 'Email sent' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/validate-email-verification-otp',
      tags: ['Account'],
      summary: 'Check the verification code',
      middleware: [requireLogin()] as const,
      request: {
        body: {
          content: { 'application/json': { schema: z.strictObject({ code: z.string({ error: 'Enter the code.' }).trim().regex(/^\d{6}$/, 'The code has 6 digits.') }) } },
          required: true,
        },
      },
      responses: { 200: json(Message, 'Verified'), ...errorResponses },
    }),
    async (c) => {
      const result = await checkVerificationCode(c.get('deps'), c.get('auth').user!, c.req.valid('json').code);
      if (result !== 'verified') throw validationFailed({ code: CODE_ERRORS[result] });
      return c.json({ message: 'Your email address is verified.' }, 200);
    },
  );
