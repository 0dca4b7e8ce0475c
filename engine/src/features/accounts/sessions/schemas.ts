/**
 * Response shapes of document 1's "Session record" and "Device record". `user_agent` is in the
 * session list only, as the contract marks it.
 */
import { z } from 'zod';

export const sessionInfoSchema = z
  .object({
    session_id: z.string(),
    user_id: z.string(),
    device_info: z.string(),
    ip_address: z.string(),
    created_at: z.string(),
    last_active: z.string(),
    expires_at: z.string(),
    is_current: z.boolean(),
  })
  .meta({ id: 'SessionInfo' });

export const sessionListItemSchema = sessionInfoSchema
  .extend({ user_agent: z.string() })
  .meta({ id: 'Session' });

export const deviceSchema = z
  .object({
    id: z.string(),
    device_fingerprint: z.string(),
    display_name: z.string(),
    browser: z.string(),
    os: z.string(),
    device_type: z.string(),
    ip_address: z.string(),
    location: z.string(),
    timezone: z.string(),
    first_seen: z.string(),
    last_seen: z.string(),
    last_login_method: z.string(),
    login_count: z.number().int(),
    is_active: z.boolean(),
    is_current_session: z.boolean(),
    is_trusted: z.boolean(),
    is_blocked: z.boolean(),
    current_session_id: z.string().nullable(),
  })
  .meta({ id: 'Device' });

export const devicesResponseSchema = z.object({
  devices: z.array(deviceSchema),
  total_count: z.number().int(),
  active_count: z.number().int(),
  trusted_count: z.number().int(),
  /** Null for the studio token, which is not a login from any device. */
  current_device: deviceSchema.nullable(),
});

export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export type SessionListItem = z.infer<typeof sessionListItemSchema>;
export type DeviceView = z.infer<typeof deviceSchema>;
export type DevicesView = z.infer<typeof devicesResponseSchema>;
