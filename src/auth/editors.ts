import { asc, eq } from 'drizzle-orm';
import { editors, type EditorRow } from '../db/auth-schema.ts';
import { db } from '../db/client.ts';
import { EMAIL_SHAPE, normalizeEmail } from './email.ts';
import { hashPassword } from './password.ts';

export { normalizeEmail };

export interface NewEditor {
  email: string;
  name?: string;
  password: string;
  canPublish?: boolean;
}

/** addEditor's refusal of an email that already belongs to an editor. */
export class EditorExistsError extends Error {
  override name = 'EditorExistsError';
}

/** Adds an editor. Throws a clear error for a bad email, a short password or a taken email. */
export async function addEditor(DB: D1Database, input: NewEditor, options: { iterations?: number } = {}): Promise<EditorRow> {
  const email = normalizeEmail(input.email);
  if (!EMAIL_SHAPE.test(email)) throw new Error(`Not an email address: ${JSON.stringify(input.email)}`);
  if (input.password.length < 8) throw new Error('The password must be at least 8 characters long.');
  if (await findEditorByEmail(DB, email)) throw new EditorExistsError(`An editor with the email ${email} already exists.`);
  const now = Date.now();
  const row: EditorRow = {
    id: crypto.randomUUID(),
    email,
    name: input.name?.trim() || email.split('@')[0] || email,
    passwordHash: await hashPassword(input.password, options),
    canPublish: input.canPublish ?? false,
    createdAt: now,
    updatedAt: now,
  };
  await db(DB).insert(editors).values(row);
  return row;
}

export async function findEditorByEmail(DB: D1Database, email: string): Promise<EditorRow | undefined> {
  return db(DB)
    .select()
    .from(editors)
    .where(eq(editors.email, normalizeEmail(email)))
    .get();
}

export async function listEditors(DB: D1Database): Promise<EditorRow[]> {
  return db(DB).select().from(editors).orderBy(asc(editors.email)).all();
}

/** Removes an editor; their sessions go with them (foreign key cascade, plus an explicit delete). */
export async function removeEditor(DB: D1Database, email: string): Promise<boolean> {
  const found = await findEditorByEmail(DB, email);
  if (!found) return false;
  await DB.batch([DB.prepare('DELETE FROM editor_sessions WHERE editor_id = ?').bind(found.id), DB.prepare('DELETE FROM editors WHERE id = ?').bind(found.id)]);
  return true;
}
