import type { RoleName } from '@meridian/auth'

/** The signed-in user as every service sees it: identity, role and effective permissions. */
export interface Actor {
  id: number
  username: string
  email: string
  firstName: string
  lastName: string
  role: RoleName
  roleId: number
  roleDisplayName: string
  roleDescription: string
  permissions: string[]
  isActive: boolean
  isStaff: boolean
  isSuperuser: boolean
  /** The staff profile's superadmin flag: opens user management like the superadmin role (3-back-office.md §6). */
  profileIsSuperadmin: boolean
  lastLogin: Date | null
  dateJoined: Date
  bio: string
  phoneNumber: string
  city: string
  country: string
  tokensValidAfter: Date
}
