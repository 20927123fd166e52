import { z } from 'zod';

/** GET /api/health. */
export const ZHealth = z.object({ status: z.literal('ok'), database: z.string() });
export type Health = z.infer<typeof ZHealth>;

/** GET /api/config: public, non-secret settings the web app reads at start. */
export const ZPublicConfig = z.object({ geocoderUrl: z.string(), mailDomain: z.string() });
export type PublicConfig = z.infer<typeof ZPublicConfig>;
