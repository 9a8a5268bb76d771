import { normalizeRole } from '@meridian/auth'
import { type Database, eq, roles, sql, users } from '@meridian/db'
import type { Actor } from '../context.ts'

function prepare(db: Database) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.name,
      roleDisplayName: roles.displayName,
      roleDescription: roles.description,
      permissions: sql<string[]>`coalesce((select array_agg(rp.permission order by rp.permission) from role_permissions rp where rp.role_id = ${users.roleId}), '{}')`,
      isActive: users.isActive,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
      profileIsSuperadmin: users.profileIsSuperadmin,
      lastLogin: users.lastLogin,
      dateJoined: users.dateJoined,
      bio: users.bio,
      phoneNumber: users.phoneNumber,
      city: users.city,
      country: users.country,
      tokensValidAfter: users.tokensValidAfter,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('load_actor')
}

const statements = new WeakMap<Database, ReturnType<typeof prepare>>()

/** One prepared query: the user with role and permissions, or null when unknown. Used on every authenticated request. */
export async function loadActor(db: Database, userId: number): Promise<Actor | null> {
  let statement = statements.get(db)
  if (!statement) {
    statement = prepare(db)
    statements.set(db, statement)
  }
  const [row] = await statement.execute({ id: userId })
  if (!row) return null
  const { roleName, ...rest } = row
  const role = normalizeRole(roleName)
  // A superuser flag grants everything, as in the earlier product's Django backend.
  const permissions = row.isSuperuser && !row.permissions.includes('*') ? ['*', ...row.permissions] : row.permissions
  return { ...rest, role, permissions, tokensValidAfter: new Date(row.tokensValidAfter) }
}
