import { z } from '@hono/zod-openapi';

export const ErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
  })
  .openapi('Error');

export const idParam = z.object({
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int('The id must be a whole number.')
    .positive('The id must be positive.')
    .max(Number.MAX_SAFE_INTEGER, 'The id is too large.')
    .openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

/** Comma-joined relation names, as the client sends `with`, `load` and `loadCount`. */
export const relationList = z.string().max(500).optional();

export const errorResponses = {
  401: { description: 'Not logged in', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Permission missing', content: { 'application/json': { schema: ErrorSchema } } },
  404: { description: 'Not found', content: { 'application/json': { schema: ErrorSchema } } },
  422: { description: 'Invalid input', content: { 'application/json': { schema: ErrorSchema } } },
} as const;

/** An OpenAPI response of JSON with this schema. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

export const emailField = z.string({ error: 'Enter your email address.' }).trim().min(1, 'Enter your email address.').max(255).email('Enter a valid email address.');

/** The current password, typed to prove who is asking. */
export const passwordField = z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1000);

export const PasswordBody = z.strictObject({ password: passwordField });
