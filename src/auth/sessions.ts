import { eq } from 'drizzle-orm';
import { editors, editorSessions } from '../db/auth-schema.ts';
import { db } from '../db/client.ts';
import type { EditorSession } from '../http/session.ts';
import { newToken, randomBytes, sha256Hex, type RandomBytes } from './crypto.ts';

/** A session lives 30 days from its last extension. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionClock {
  now?: () => number;
  random?: RandomBytes;
}

/** Starts a session; returns the cookie token (only its SHA-256 is stored). */
export async function createSession(DB: D1Database, editorId: string, clock: SessionClock = {}): Promise<{ token: string; expiresAt: number }> {
  const now = (clock.now ?? Date.now)();
  const token = newToken(clock.random ?? randomBytes);
  const expiresAt = now + SESSION_TTL_MS;
  await db(DB)
    .insert(editorSessions)
    .values({ id: crypto.randomUUID(), editorId, tokenHash: await sha256Hex(token), expiresAt, createdAt: now });
  return { token, expiresAt };
}

export interface ResolvedSession {
  editor: EditorSession;
  expiresAt: number;
  /** True when this read extended the session (the cookie should be re-sent). */
  renewed: boolean;
}

/**
 * Looks a token up. An expired session is deleted and answers null. A
 * session used after half its life slides forward to a full life again.
 */
export async function resolveSession(DB: D1Database, token: string, clock: SessionClock = {}): Promise<ResolvedSession | null> {
  const now = (clock.now ?? Date.now)();
  const tokenHash = await sha256Hex(token);
  const row = await db(DB)
    .select({ sessionId: editorSessions.id, expiresAt: editorSessions.expiresAt, editor: editors })
    .from(editorSessions)
    .innerJoin(editors, eq(editors.id, editorSessions.editorId))
    .where(eq(editorSessions.tokenHash, tokenHash))
    .get();
  if (!row) return null;
  if (row.expiresAt <= now) {
    await db(DB).delete(editorSessions).where(eq(editorSessions.id, row.sessionId));
    return null;
  }
  let expiresAt = row.expiresAt;
  const renewed = expiresAt - now < SESSION_TTL_MS / 2;
  if (renewed) {
    expiresAt = now + SESSION_TTL_MS;
    await db(DB).update(editorSessions).set({ expiresAt }).where(eq(editorSessions.id, row.sessionId));
  }
  const { id, email, name, canPublish } = row.editor;
  return { editor: { id, email, name, access: { publish: canPublish } }, expiresAt, renewed };
}

/** Ends the session a token belongs to (no error when there is none). */
export async function endSession(DB: D1Database, token: string): Promise<void> {
  await db(DB)
    .delete(editorSessions)
    .where(eq(editorSessions.tokenHash, await sha256Hex(token)));
}
