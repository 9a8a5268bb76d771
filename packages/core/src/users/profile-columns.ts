import type { ProfileData } from '@meridian/validators'
import type { users } from '@meridian/db'

/** profile_data as users columns (only the keys present). */
export function profileColumns(profile: ProfileData | undefined): Partial<typeof users.$inferInsert> {
  if (!profile) return {}
  const out: Partial<typeof users.$inferInsert> = {}
  if (profile.phone !== undefined) out.phoneNumber = profile.phone
  if (profile.bio !== undefined) out.bio = profile.bio
  if (profile.expert_countries !== undefined) out.expertCountries = [...new Set(profile.expert_countries)]
  if (profile.specializations !== undefined) out.specializations = [...new Set(profile.specializations)]
  if (profile.years_experience !== undefined) out.yearsExperience = profile.years_experience
  if (profile.is_expert !== undefined) out.profileIsExpert = profile.is_expert
  if (profile.is_admin !== undefined) out.profileIsAdmin = profile.is_admin
  if (profile.is_superadmin !== undefined) out.profileIsSuperadmin = profile.is_superadmin
  return out
}
