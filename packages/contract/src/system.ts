import { z } from 'zod';
import { metricsSourceSchema } from './figures';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({ status: z.enum(['ready', 'unavailable']) });

/** Public configuration the web app needs before sign-in. */
export const publicConfigSchema = z.object({
  appName: z.string(),
  contactEmail: z.string(),
  sso: z.object({ enabled: z.boolean(), providerId: z.string(), label: z.string() }),
  /**
   * Where keyword figures come from: Google Ads, or the offline estimate (then the "Google Ads"
   * names are shown with an Estimates label); null when metrics are turned off.
   */
  metricsSource: metricsSourceSchema.nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
});
export type Me = z.infer<typeof meSchema>;
