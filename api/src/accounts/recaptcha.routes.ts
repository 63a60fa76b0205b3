import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { clientInfo } from '../http/login.ts';
import { verifyHumanToken } from './recaptcha.service.ts';

/** `POST recaptcha/verify` of spec §7: lets a form check its token before submitting. */
export const recaptchaRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
  createRoute({
    method: 'post',
    path: '/recaptcha/verify',
    tags: ['Auth'],
    summary: 'Check a human-check token',
    request: { body: { content: { 'application/json': { schema: z.strictObject({ token: z.string().min(1).max(4000) }) } }, required: true } },
    responses: { 200: { description: 'Result', content: { 'application/json': { schema: z.object({ success: z.boolean() }) } } } },
  }),
  async (c) => c.json({ success: await verifyHumanToken(c.get('deps'), c.req.valid('json').token, clientInfo(c).ip) }, 200),
);
