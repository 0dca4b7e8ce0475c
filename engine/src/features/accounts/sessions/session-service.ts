/**
 * Sessions and devices (document 1, "Session record", "Device record", Authentication 5: tracked
 * per login). Opening a session records the device it came from; ending sessions is how logout,
 * revoke, change-password and refresh-token reuse take effect, because every access token is
 * checked against its session (features/accounts/auth/access-token-resolver.ts).
 */
import { randomUUID } from 'node:crypto';
import type { AuthSessionRow, DeviceRow } from '../../../db/schema/sessions.ts';
import { skipWhenBusy } from '../../../db/write-access.ts';
import { AppError } from '../../../errors.ts';
import { isPast, isoAfterSeconds, nowIso } from '../auth/time.ts';
import { describeLocation, deviceFingerprint, type ClientInfo } from './client-info.ts';
import type { DeviceRepo } from './device-repo.ts';
import type { SessionRepo } from './session-repo.ts';
import type { DevicesView, DeviceView, SessionInfo, SessionListItem } from './schemas.ts';
import { deviceDisplayName, parseUserAgent } from './user-agent.ts';

/** A session lives as long as its newest refresh token (docs/api/auth.md: 30 days, sliding). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** `last_active` is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * `api_key`: a workstation an older build linked with an API key (the removed POST /sync/devices);
 * kept for those sessions' records, never issued now (docs/api/scopes.md).
 */
export type LoginMethod = 'password' | 'registration' | 'google' | 'github' | 'api_key';

export function sessionInfo(row: AuthSessionRow, currentId: string | null): SessionInfo {
  return {
    session_id: row.id,
    user_id: row.userId,
    device_info: row.deviceInfo,
    ip_address: row.ipAddress,
    created_at: row.createdAt,
    last_active: row.lastActive,
    expires_at: row.expiresAt,
    is_current: row.id === currentId,
  };
}

function deviceView(row: DeviceRow, live: Set<string>, currentDeviceId: string | null): DeviceView {
  return {
    id: row.id,
    device_fingerprint: row.fingerprint,
    display_name: row.displayName,
    browser: row.browser,
    os: row.os,
    device_type: row.deviceType,
    ip_address: row.ipAddress,
    location: row.location,
    timezone: row.timezone,
    first_seen: row.firstSeen,
    last_seen: row.lastSeen,
    last_login_method: row.lastLoginMethod,
    login_count: row.loginCount,
    is_active: live.has(row.id),
    is_current_session: row.id === currentDeviceId,
    is_trusted: row.isTrusted,
    is_blocked: row.isBlocked,
    current_session_id: row.currentSessionId,
  };
}

export class SessionService {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly devices: DeviceRepo,
  ) {}

  /** Records the device and opens a session for a successful login. */
  open(
    userId: string,
    client: ClientInfo,
    method: LoginMethod,
    options: { trustDevice?: boolean } = {},
  ): AuthSessionRow {
    const fingerprint = deviceFingerprint(client);
    if (this.devices.find(userId, fingerprint)?.isBlocked) {
      throw new AppError('forbidden', 'Logins from this device are blocked for this account.');
    }
    const parsed = parseUserAgent(client.userAgent);
    return this.sessions.transaction(() => {
      const device = this.devices.recordLogin({
        userId,
        fingerprint,
        displayName: deviceDisplayName(parsed),
        browser: parsed.browser,
        os: parsed.os,
        deviceType: parsed.deviceType,
        ipAddress: client.ip,
        location: describeLocation(client.ip),
        timezone: client.timezone ?? 'Unknown',
        loginMethod: method,
        trustedOnCreate: options.trustDevice ?? false,
      });
      const session = this.sessions.create({
        id: randomUUID(),
        userId,
        deviceId: device.id,
        deviceInfo: `${deviceDisplayName(parsed)} (${parsed.deviceType})`,
        ipAddress: client.ip,
        userAgent: client.userAgent,
        loginMethod: method,
        expiresAt: isoAfterSeconds(SESSION_TTL_SECONDS),
      });
      this.devices.setCurrentSession(device.id, session.id);
      return session;
    });
  }

  /** The session if it is the user's and still live; null otherwise. */
  live(sessionId: string, userId: string): AuthSessionRow | null {
    const row = this.sessions.get(sessionId);
    if (!row || row.userId !== userId || row.revokedAt !== null || isPast(row.expiresAt)) {
      return null;
    }
    return row;
  }

  /** Notes activity on a session (throttled) — called per authenticated request. */
  noteActivity(row: AuthSessionRow): void {
    if (Date.now() - Date.parse(row.lastActive) < TOUCH_EVERY_MS) return;
    // Skipped, not waited for, while another process holds the database: reads go on.
    skipWhenBusy(() => this.sessions.touch(row.id, { lastActive: nowIso() }));
  }

  /** Slides the session's expiry forward on refresh and marks its device seen. */
  extend(row: AuthSessionRow, ip: string): void {
    this.sessions.touch(row.id, {
      lastActive: nowIso(),
      expiresAt: isoAfterSeconds(SESSION_TTL_SECONDS),
      ipAddress: ip,
    });
    this.devices.seen(row.deviceId, ip);
  }

  list(userId: string, currentId: string | null): SessionListItem[] {
    return this.sessions
      .listLive(userId)
      .map((row) => ({ ...sessionInfo(row, currentId), user_agent: row.userAgent }));
  }

  end(sessionId: string, reason: string): void {
    this.sessions.revoke(sessionId, reason);
  }

  /** Ends one of the user's sessions; another user's (or an unknown) id is 404. */
  revokeOwn(userId: string, sessionId: string): void {
    const row = this.sessions.get(sessionId);
    if (!row || row.userId !== userId) {
      throw new AppError('not_found', `Session ${sessionId} not found.`);
    }
    this.sessions.revoke(sessionId, 'revoked');
  }

  /** Ends every session of the user but `keepId` (null: all of them). */
  endOthers(userId: string, keepId: string | null, reason: string): number {
    return this.sessions.revokeAllOf(userId, reason, keepId);
  }

  devicesOf(
    userId: string,
    currentSessionId: string | null,
    includeInactive: boolean,
  ): DevicesView {
    const liveSessions = this.sessions.listLive(userId);
    const live = new Set(liveSessions.map((s) => s.deviceId));
    const currentDeviceId = liveSessions.find((s) => s.id === currentSessionId)?.deviceId ?? null;
    const all = this.devices.listFor(userId).map((row) => deviceView(row, live, currentDeviceId));
    return {
      devices: includeInactive ? all : all.filter((d) => d.is_active),
      total_count: all.length,
      active_count: all.filter((d) => d.is_active).length,
      trusted_count: all.filter((d) => d.is_trusted).length,
      current_device: all.find((d) => d.is_current_session) ?? null,
    };
  }
}
