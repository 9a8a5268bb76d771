import { UpdateProfileInput } from '@meridian/validators'
import { eq, sql, users } from '@meridian/db'
import type { Actor, ServiceContext } from '../context.ts'
import { requireActor } from '../access.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { loadActor } from './load-actor.ts'

/** The signed-in user's own record. */
export function getProfile(ctx: ServiceContext): Actor {
  return requireActor(ctx)
}

/** Update one's own names, e-mail and profile (bio, phone_number, city, country; nested under profile or flat). */
export async function updateProfile(ctx: ServiceContext, input: unknown): Promise<Actor> {
  const actor = requireActor(ctx)
  const data = parseInput(UpdateProfileInput, input)
  const profile = { ...data, ...data.profile }
  const changes: Partial<typeof users.$inferInsert> = {}
  if (data.first_name !== undefined) changes.firstName = data.first_name
  if (data.last_name !== undefined) changes.lastName = data.last_name
  if (profile.bio !== undefined) changes.bio = profile.bio
  if (profile.phone_number !== undefined) changes.phoneNumber = profile.phone_number
  if (profile.city !== undefined) changes.city = profile.city
  if (profile.country !== undefined) changes.country = profile.country
  if (data.email !== undefined && data.email.toLowerCase() !== actor.email.toLowerCase()) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${data.email.toLowerCase()} and ${users.id} <> ${actor.id}`)
    if (taken) throw new DomainError('conflict', 'A user with that email already exists.', {
      fields: { email: ['A user with that email already exists.'] },
    })
  }
  if (data.email !== undefined) changes.email = data.email
  if (Object.keys(changes).length) await ctx.db.update(users).set(changes).where(eq(users.id, actor.id))
  const updated = await loadActor(ctx.db, actor.id)
  if (!updated) throw new DomainError('not_found', 'The requested resource was not found.')
  return updated
}
