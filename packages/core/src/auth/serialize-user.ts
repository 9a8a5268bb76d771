import type { Actor } from '../context.ts'

/** The documented User shape (spec 1 §3), the same on tRPC and REST. */
export interface UserDto {
  id: number
  username: string
  email: string
  first_name: string
  last_name: string
  full_name: string
  is_active: boolean
  is_staff: boolean
  is_superuser: boolean
  role: { id: number; name: string; display_name: string; description: string }
  permissions: string[]
  last_login: string | null
  date_joined: string
  profile: { bio: string; phone_number: string; city: string; country: string }
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString())

export function displayName(user: { firstName: string; lastName: string; username: string }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username
}

export function serializeUser(actor: Actor): UserDto {
  return {
    id: actor.id,
    username: actor.username,
    email: actor.email,
    first_name: actor.firstName,
    last_name: actor.lastName,
    full_name: displayName(actor),
    is_active: actor.isActive,
    is_staff: actor.isStaff,
    is_superuser: actor.isSuperuser,
    role: { id: actor.roleId, name: actor.role, display_name: actor.roleDisplayName, description: actor.roleDescription },
    permissions: actor.permissions,
    last_login: iso(actor.lastLogin),
    date_joined: iso(actor.dateJoined)!,
    profile: { bio: actor.bio, phone_number: actor.phoneNumber, city: actor.city, country: actor.country },
  }
}
