import { ROLE_NAMES, type RoleName } from '@meridian/auth'
import { count, type Database, users } from '@meridian/db'
import { insertUser } from '../users/insert-user.ts'

export const DEMO_PASSWORD = 'meridian-demo'

const NAMES: Record<RoleName, [string, string]> = {
  superadmin: ['Sofia', 'Marin'],
  admin: ['Amir', 'Haddad'],
  expert: ['Elena', 'Costa'],
  specialist: ['Priya', 'Nair'],
  editor: ['Tomas', 'Berg'],
  traveler: ['Lucas', 'Moreau'],
}

/** One account per role (username = role name, password meridian-demo). Skips accounts that exist. */
export async function seedDemoUsers(db: Database): Promise<RoleName[]> {
  const created: RoleName[] = []
  for (const role of ROLE_NAMES) {
    const [first, last] = NAMES[role]
    try {
      await insertUser(db, {
        username: role,
        email: `${role}@meridian.example`,
        password: DEMO_PASSWORD,
        role,
        firstName: first,
        lastName: last,
        isSuperuser: role === 'superadmin',
      })
      created.push(role)
    } catch (error) {
      if ((error as { code?: string }).code !== 'conflict') throw error
    }
  }
  return created
}

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}
