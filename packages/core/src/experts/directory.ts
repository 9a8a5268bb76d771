import { and, asc, countries, type Database, desc, eq, inArray, roles, sql, trips, users } from '@meridian/db'
import { QUIZ_REVIEW_MESSAGES } from '@meridian/validators'
import { displayName } from '../auth/serialize-user.ts'
import { escapeLike } from '../catalogue/shared.ts'
import type { ServiceContext } from '../context.ts'
import { idOf } from '../currencies/shared.ts'
import { DomainError } from '../errors.ts'
import { expertWorkload } from '../matching/candidates.ts'
import { requireExpertStaff } from '../quiz-review/access.ts'
import { type ExpertFigures, figuresFor } from '../trips/performance.ts'
import { expandTrips, type TripDto } from '../trips/serialize.ts'

/** The most experts the directory lists at once (search narrows it). */
export const EXPERT_DIRECTORY_LIMIT = 500

export interface ExpertDirectoryEntry {
  id: number
  name: string
  username: string
  email: string
  is_active: boolean
  countries: { id: number; name: string }[]
  specializations: string[]
  years_experience: number
  /** Live assignments on trips in planning, booked or active. */
  open_trips: number
  /** accepted / (accepted + declined), percent with one decimal; null before any answer. */
  acceptance_rate: number | null
  /** Mean hours from assignment to acceptance, one decimal; null before any acceptance. */
  response_time_hours: number | null
}

/** Country names for these ids, in one statement. */
export async function countryNames(db: Pick<Database, 'select'>, ids: number[]) {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map<number, string>()
  const rows = await db.select({ id: countries.id, name: countries.name }).from(countries).where(inArray(countries.id, wanted))
  return new Map(rows.map((r) => [r.id, r.name]))
}

const expertColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isActive: users.isActive,
  countryIds: users.expertCountries,
  specializations: users.specializations,
  years: users.yearsExperience,
}

async function entries(db: Database, rows: { id: number; username: string; email: string; firstName: string; lastName: string; isActive: boolean; countryIds: number[]; specializations: string[]; years: number }[]) {
  const ids = rows.map((r) => r.id)
  const [names, workload, figures] = await Promise.all([
    countryNames(db, rows.flatMap((r) => r.countryIds)),
    expertWorkload(db, ids),
    figuresFor(db, rows.map((r) => ({ id: r.id, name: displayName(r) }))),
  ])
  return rows.map((r, i) => ({
    entry: {
      id: r.id,
      name: displayName(r),
      username: r.username,
      email: r.email,
      is_active: r.isActive,
      countries: r.countryIds.filter((c) => names.has(c)).map((c) => ({ id: c, name: names.get(c)! })),
      specializations: r.specializations,
      years_experience: r.years,
      open_trips: workload.get(r.id)?.open ?? 0,
      acceptance_rate: figures[i]!.acceptance_rate,
      response_time_hours: figures[i]!.response_time_hours,
    } satisfies ExpertDirectoryEntry,
    figures: figures[i]!,
  }))
}

/** Every expert (active first, then by name) for staff: specialists, admins, superadmin. `search` narrows by name. */
export async function listExpertDirectory(ctx: ServiceContext, query: unknown = {}): Promise<ExpertDirectoryEntry[]> {
  requireExpertStaff(ctx)
  const raw = (query ?? {}) as Record<string, unknown>
  const search = typeof raw.search === 'string' ? raw.search.trim().toLowerCase().slice(0, 100) : ''
  const rows = await ctx.db
    .select(expertColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'expert'), search ? sql`${users.searchText} like ${`%${escapeLike(search)}%`}` : undefined))
    .orderBy(desc(users.isActive), asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(EXPERT_DIRECTORY_LIMIT)
  return (await entries(ctx.db, rows)).map((e) => e.entry)
}

/** One expert for staff: the directory entry, their performance figures and their trips (newest first, at most 50). */
export async function getExpertProfile(ctx: ServiceContext, rawId: unknown): Promise<ExpertDirectoryEntry & { performance: ExpertFigures; trips: TripDto[] }> {
  requireExpertStaff(ctx)
  const id = idOf(rawId, QUIZ_REVIEW_MESSAGES.expertNotFound)
  const rows = await ctx.db
    .select(expertColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'expert'), eq(users.id, id)))
  if (rows.length === 0) throw new DomainError('not_found', QUIZ_REVIEW_MESSAGES.expertNotFound)
  const [[found], tripRows] = await Promise.all([
    entries(ctx.db, rows),
    ctx.db.select().from(trips).where(eq(trips.expertId, id)).orderBy(desc(trips.createdAt), desc(trips.id)).limit(50),
  ])
  return { ...found!.entry, performance: found!.figures, trips: await expandTrips(ctx.db, tripRows, ctx.actor) }
}
