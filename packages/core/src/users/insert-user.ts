import { hashPassword, type RoleName } from '@meridian/auth'
import { type Database, eq, roles, sql, users } from '@meridian/db'
import { DomainError } from '../errors.ts'

export interface NewUser {
  username: string
  email: string
  password: string
  role: RoleName
  /** A role by id (user management may pick a custom role); wins over `role`. */
  roleId?: number
  firstName?: string
  lastName?: string
  isStaff?: boolean
  isSuperuser?: boolean
  isActive?: boolean
}

/**
 * Store a user with a hashed password. No permission check: callers (registration, seed, create-superadmin,
 * user management) decide who may. Usernames and e-mails are unique case-insensitively.
 */
export async function insertUser(db: Database, input: NewUser): Promise<number> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(input.roleId ? eq(roles.id, input.roleId) : eq(roles.name, input.role))
  if (!role) throw DomainError.invalid({ role: [`Unknown role "${input.role}".`] })
  const clash = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) = ${input.username.toLowerCase()} or (${input.email} <> '' and lower(${users.email}) = ${input.email.toLowerCase()})`,
    )
  const fields: Record<string, string[]> = {}
  if (clash.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
    fields.username = ['A user with that username already exists.']
  }
  if (input.email && clash.some((u) => u.email.toLowerCase() === input.email.toLowerCase())) {
    fields.email = ['A user with that email already exists.']
  }
  if (Object.keys(fields).length) throw new DomainError('conflict', 'A user with these details already exists.', { fields })
  const passwordHash = await hashPassword(input.password)
  const staff = input.isStaff ?? input.role !== 'traveler'
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        roleId: role.id,
        isStaff: staff,
        isSuperuser: input.isSuperuser ?? false,
        isActive: input.isActive ?? true,
      })
      .returning({ id: users.id })
    return row!.id
  } catch (error) {
    // A concurrent insert won the unique index race.
    if (String((error as { code?: string }).code) === '23505') {
      throw new DomainError('conflict', 'A user with these details already exists.', {
        fields: { username: ['A user with that username already exists.'] },
      })
    }
    throw error
  }
}
