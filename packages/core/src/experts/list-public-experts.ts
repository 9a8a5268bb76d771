import { ROLE_DISPLAY_NAMES } from '@meridian/auth'
import { and, asc, eq, roles, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { countryNames } from './directory.ts'

/** What the public site may show of an expert: never the e-mail address or the username. */
export interface PublicExpertDto {
  id: number
  display_name: string
  bio: string
  city: string
  country: string
  /** The countries the expert covers, by name. */
  countries: string[]
  specializations: string[]
  years_experience: number
}

export const PUBLIC_EXPERTS_LIMIT = 60

/**
 * The active experts presented on the public /experts page and on quiz results. Anyone may call it, signed in or
 * not; changes nothing. Without a first or last name the role's display name stands in (not the username).
 */
export async function listPublicExperts(ctx: Pick<ServiceContext, 'db'>): Promise<PublicExpertDto[]> {
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      bio: users.bio,
      city: users.city,
      country: users.country,
      countryIds: users.expertCountries,
      specializations: users.specializations,
      years: users.yearsExperience,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'expert'), eq(users.isActive, true)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(PUBLIC_EXPERTS_LIMIT)
  const names = await countryNames(ctx.db, rows.flatMap((r) => r.countryIds))
  return rows.map((row) => ({
    id: row.id,
    display_name: [row.firstName, row.lastName].map((s) => s.trim()).filter(Boolean).join(' ') || ROLE_DISPLAY_NAMES.expert,
    bio: row.bio.trim(),
    city: row.city.trim(),
    country: row.country.trim(),
    countries: row.countryIds.map((c) => names.get(c)).filter((n): n is string => Boolean(n)).sort(),
    specializations: row.specializations,
    years_experience: row.years,
  }))
}
