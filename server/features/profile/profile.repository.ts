import { eq } from 'drizzle-orm';
import type { Profile } from '#common/auth/auth.contract.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/auth.ts';

const profileColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  passportNumber: users.passportNumber,
  nie: users.nie,
  address: users.address,
  dateOfBirth: users.dateOfBirth,
};

export async function findProfile(db: Db, userId: string) {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

/** Everything but the e-mail, which changes only through its confirmation link. */
export async function updateProfile(db: Db, userId: string, profile: Omit<Profile, 'email' | 'currentPassword'>) {
  const [row] = await db
    .update(users)
    .set({ ...profile, name: `${profile.firstName} ${profile.lastName}`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}
