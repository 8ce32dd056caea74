import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../platform/db';
import { hashPassword } from '../auth/passwords';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

export type FirstAdminOutcome = { kind: 'created'; email: string; generatedPassword?: string } | { kind: 'promoted'; email: string } | { kind: 'existing' };

/** A password that satisfies the reset rules (lower, upper, digit) and is easy to copy. */
const generatePassword = () => `Sb-${randomBytes(12).toString('base64url')}-a1Z`;

/**
 * Makes sure an administrator exists. With ADMIN_EMAIL and ADMIN_PASSWORD that account is
 * created (or promoted) on every start; without them, admin@localhost is created once, with a
 * generated password, when no administrator exists yet.
 */
export const ensureFirstAdmin = async ({ db, email, password }: { db: Db; email?: string; password?: string }): Promise<FirstAdminOutcome> => {
  if (email && password) {
    const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      if (existing.role === 'traffic_admin') return { kind: 'existing' };
      await db.update(users).set({ role: 'traffic_admin' }).where(eq(users.id, existing.id));
      return { kind: 'promoted', email };
    }
    await db.insert(users).values({ email, passwordHash: await hashPassword(password), role: 'traffic_admin' });
    return { kind: 'created', email };
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'traffic_admin')).limit(1);
  if (anyAdmin) return { kind: 'existing' };
  const generatedPassword = generatePassword();
  const adminEmail = email ?? DEFAULT_ADMIN_EMAIL;
  const passwordHash = await hashPassword(generatedPassword);
  await db
    .insert(users)
    .values({ email: adminEmail, passwordHash, role: 'traffic_admin' })
    .onConflictDoUpdate({ target: users.email, set: { role: 'traffic_admin', passwordHash } });
  return { kind: 'created', email: adminEmail, generatedPassword };
};
