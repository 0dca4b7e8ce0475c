/**
 * SQL for the devices a user logged in from (db/schema/sessions.ts), keyed by user and
 * fingerprint so the same browser logging in again updates its row.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { devices, type DeviceRow } from '../../../db/schema/sessions.ts';
import { nowIso } from '../auth/time.ts';

export interface DeviceSighting {
  userId: string;
  fingerprint: string;
  displayName: string;
  browser: string;
  os: string;
  deviceType: string;
  ipAddress: string;
  location: string;
  timezone: string;
  loginMethod: string;
  /** Set on first sight only (e.g. the device that verified the account's e-mail). */
  trustedOnCreate: boolean;
}

export class DeviceRepo {
  constructor(private readonly db: Db) {}

  find(userId: string, fingerprint: string): DeviceRow | undefined {
    return this.db
      .select()
      .from(devices)
      .where(and(eq(devices.userId, userId), eq(devices.fingerprint, fingerprint)))
      .get();
  }

  /** Inserts or updates the device for a login and counts the login. */
  recordLogin(sighting: DeviceSighting, now = nowIso()): DeviceRow {
    const seen = {
      displayName: sighting.displayName,
      browser: sighting.browser,
      os: sighting.os,
      deviceType: sighting.deviceType,
      ipAddress: sighting.ipAddress,
      location: sighting.location,
      timezone: sighting.timezone,
      lastSeen: now,
      lastLoginMethod: sighting.loginMethod,
    };
    return this.db
      .insert(devices)
      .values({
        id: randomUUID(),
        userId: sighting.userId,
        fingerprint: sighting.fingerprint,
        firstSeen: now,
        loginCount: 1,
        isTrusted: sighting.trustedOnCreate,
        ...seen,
      })
      .onConflictDoUpdate({
        target: [devices.userId, devices.fingerprint],
        set: { ...seen, loginCount: sql`${devices.loginCount} + 1` },
      })
      .returning()
      .get();
  }

  setCurrentSession(id: string, sessionId: string): void {
    this.db.update(devices).set({ currentSessionId: sessionId }).where(eq(devices.id, id)).run();
  }

  seen(id: string, ipAddress: string, now = nowIso()): void {
    this.db.update(devices).set({ lastSeen: now, ipAddress }).where(eq(devices.id, id)).run();
  }

  listFor(userId: string): DeviceRow[] {
    return this.db
      .select()
      .from(devices)
      .where(eq(devices.userId, userId))
      .orderBy(desc(devices.lastSeen))
      .all();
  }
}
