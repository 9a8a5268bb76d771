import { RegisterInput } from '@meridian/validators'
import type { Actor, ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { AUTH_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { insertUser } from '../users/insert-user.ts'
import { loadActor } from './load-actor.ts'
import { recordActivity } from '../activity/record-activity.ts'

/** Self-registration: creates an active traveler. Refused when REGISTRATION_ENABLED is off. */
export async function registerTraveler(ctx: ServiceContext, input: unknown): Promise<Actor> {
  if (!ctx.config.registrationEnabled) throw new DomainError('forbidden', 'Registration is closed. Contact your administrator.')
  const data = parseInput(RegisterInput, input)
  const id = await ctx.db.transaction(async (tx) => {
    const userId = await insertUser(tx, {
      username: data.username,
      email: data.email,
      password: data.password,
      firstName: data.first_name,
      lastName: data.last_name,
      role: 'traveler',
      isStaff: false,
    })
    await recordActivity(tx, {
      actorId: userId,
      action: 'user.registered',
      subjectType: 'user',
      subjectId: userId,
      summary: `${data.username} joined as a traveler`,
    })
    return userId
  })
  const actor = await loadActor(ctx.db, id)
  if (!actor) throw new DomainError('unavailable', AUTH_MESSAGES.registrationFailed)
  return actor
}
