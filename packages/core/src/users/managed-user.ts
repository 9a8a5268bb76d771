import { type Database, eq, roles, users } from '@meridian/db'
import { displayName } from '../auth/serialize-user.ts'

/** The columns of the management view, selected the same way by every query that answers users. */
export const managedUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  isStaff: users.isStaff,
  isSuperuser: users.isSuperuser,
  dateJoined: users.dateJoined,
  lastLogin: users.lastLogin,
  roleId: users.roleId,
  roleName: roles.name,
  roleDisplayName: roles.displayName,
  phoneNumber: users.phoneNumber,
  bio: users.bio,
  expertCountries: users.expertCountries,
  specializations: users.specializations,
  yearsExperience: users.yearsExperience,
  profileIsExpert: users.profileIsExpert,
  profileIsAdmin: users.profileIsAdmin,
  profileIsSuperadmin: users.profileIsSuperadmin,
}

export interface ManagedUserRow {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  isActive: boolean
  isStaff: boolean
  isSuperuser: boolean
  dateJoined: Date | string
  lastLogin: Date | string | null
  roleId: number
  roleName: string
  roleDisplayName: string
  phoneNumber: string
  bio: string
  expertCountries: number[]
  specializations: string[]
  yearsExperience: number
  profileIsExpert: boolean
  profileIsAdmin: boolean
  profileIsSuperadmin: boolean
}

/** The User of the management view (3-back-office.md §3), the same on REST, tRPC and the screen. */
export interface ManagedUserDto {
  id: number
  username: string
  email: string
  first_name: string
  last_name: string
  full_name: string
  is_active: boolean
  is_staff: boolean
  is_superuser: boolean
  date_joined: string
  last_login: string | null
  role: { id: number; name: string; display_name: string }
  profile_info: {
    role: string
    phone: string
    bio: string
    expert_countries: number[]
    specializations: string[]
    years_experience: number
    is_expert: boolean
    is_admin: boolean
    is_superadmin: boolean
  }
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export function serializeManagedUser(row: ManagedUserRow): ManagedUserDto {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: displayName(row),
    is_active: row.isActive,
    is_staff: row.isStaff,
    is_superuser: row.isSuperuser,
    date_joined: iso(row.dateJoined)!,
    last_login: iso(row.lastLogin),
    role: { id: row.roleId, name: row.roleName, display_name: row.roleDisplayName },
    profile_info: {
      role: row.roleName,
      phone: row.phoneNumber,
      bio: row.bio,
      expert_countries: row.expertCountries ?? [],
      specializations: row.specializations ?? [],
      years_experience: row.yearsExperience,
      is_expert: row.profileIsExpert,
      is_admin: row.profileIsAdmin,
      is_superadmin: row.profileIsSuperadmin,
    },
  }
}

/** One user of the management view, or undefined. */
export async function fetchManagedUser(db: Database, id: number): Promise<ManagedUserRow | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined
  const [row] = await db.select(managedUserColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id))
  return row
}
