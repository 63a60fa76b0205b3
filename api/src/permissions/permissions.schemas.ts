import { z } from '@hono/zod-openapi';

export const Grant = z.object({
  name: z.string().max(100),
  restrictions: z.array(z.object({ name: z.string().max(100), value: z.number().int().min(0).max(1_000_000_000).nullable() })).max(20).default([]),
});
export const GrantsBody = z.strictObject({ permissions: z.array(Grant).max(200) });
