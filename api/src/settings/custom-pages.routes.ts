import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { validationHook } from '../http/errors.ts';
import { emailField, errorResponses, jsonResponse as json } from '../http/schemas.ts';
import { clientInfo } from '../http/login.ts';
import { CONTACT_SENT, sendContactMessage } from './contact.service.ts';
import { getCustomPage } from './custom-pages.service.ts';

const CustomPageSchema = z
  .object({ id: z.number(), title: z.string(), slug: z.string(), body: z.string(), type: z.string(), created_at: z.string(), updated_at: z.string() })
  .openapi('CustomPage');

const ContactBody = z
  .strictObject({
    name: z.string({ error: 'Enter your name.' }).trim().min(1, 'Enter your name.').max(255, 'Names are at most 255 characters.'),
    email: emailField,
    message: z.string({ error: 'Enter a message.' }).trim().min(1, 'Enter a message.').max(5000, 'Messages are at most 5000 characters.'),
    token: z.string().max(4000).optional().openapi({ description: 'The human-check token, when the check is on for the contact page' }),
  })
  .openapi('ContactMessage');

/** The site's custom pages, and the contact page's message to the site's address. */
export const customPagesRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(
    createRoute({
      method: 'post',
      path: '/contact-page',
      tags: ['Custom pages'],
      summary: "Send a message to the site's address from the contact page",
      description: 'Mailed with Reply-To set to the sender and kept in the outgoing-email log. At most 5 messages an hour from one network (429).',
      request: { body: { content: { 'application/json': { schema: ContactBody } }, required: true } },
      responses: { 200: json(z.object({ message: z.string() }), 'Sent'), ...errorResponses },
    }),
    async (c) => {
      await sendContactMessage(c.get('deps'), c.req.valid('json'), clientInfo(c).ip);
      return c.json({ message: CONTACT_SENT }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/custom-pages/{idOrSlug}',
      tags: ['Custom pages'],
      summary: 'A custom page by id or slug; its body is sanitised HTML',
      request: {
        params: z.object({
          idOrSlug: z
            .string()
            .min(1)
            .max(100, 'Page addresses are at most 100 characters.')
            .regex(/^[\p{L}\p{N}_-]+$/u, 'Page addresses are letters, digits and hyphens.')
            .openapi({ param: { name: 'idOrSlug', in: 'path' }, example: 'privacy-policy' }),
        }),
      },
      responses: { 200: json(z.object({ page: CustomPageSchema }), 'The page'), ...errorResponses },
    }),
    async (c) => c.json({ page: await getCustomPage(c.get('deps').db, c.req.valid('param').idOrSlug) }, 200),
  );
