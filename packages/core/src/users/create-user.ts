import { randomBytes } from 'node:crypto'
import { CreateManagedUserInput } from '@meridian/validators'
import { eq, passwordResetTokens, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { USER_MANAGEMENT_MESSAGES as M } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { hashToken } from '../auth/password-reset.ts'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { auditUsers } from './audit.ts'
import { insertUser } from './insert-user.ts'
import { fetchManagedUser, type ManagedUserDto, serializeManagedUser } from './managed-user.ts'
import { profileColumns } from './profile-columns.ts'
import { requireUserManager } from './user-access.ts'
import { assertMayChange, lockUserAdministration, roleById, standingOf } from './user-rules.ts'

/** A set-password link mailed to a new user stays valid this long (a reset link: 60 minutes). */
export const SET_PASSWORD_LINK_HOURS = 72

/**
 * Create a user with a role and optional staff profile. With send_password_link and no password, the user gets a
 * mail (outbox) with a link to choose their own password; until then no password signs them in. The link is under
 * `origin`: REST's link origin, else the configured one.
 */
export async function createManagedUser(
  ctx: ServiceContext,
  input: unknown,
  origin = ctx.request.linkOrigin ?? ctx.config.appOrigin ?? `http://localhost:${ctx.config.port}`,
): Promise<ManagedUserDto> {
  const actor = requireUserManager(ctx)
  const data = parseInput(CreateManagedUserInput, input)
  const role = await roleById(ctx.db, data.role_id)
  if (!role) throw DomainError.invalid({ role_id: [M.unknownRole(data.role_id)] })
  const profile = profileColumns(data.profile_data)
  assertMayChange(actor, null, standingOf({ isSuperuser: data.is_superuser, profileIsSuperadmin: !!profile.profileIsSuperadmin }, role))
  const invite = !data.password && data.send_password_link
  const password = data.password || randomBytes(32).toString('base64url')

  const id = await ctx.db.transaction(async (tx) => {
    await lockUserAdministration(tx)
    const userId = await insertUser(tx, {
      username: data.username,
      email: data.email,
      password,
      role: 'traveler',
      roleId: role.id,
      firstName: data.first_name,
      lastName: data.last_name,
      isStaff: data.is_staff ?? (role.name !== 'traveler' || data.is_superuser),
      isSuperuser: data.is_superuser,
      isActive: data.is_active,
    })
    if (Object.keys(profile).length) await tx.update(users).set(profile).where(eq(users.id, userId))
    if (invite) {
      const token = randomBytes(32).toString('base64url')
      await tx.insert(passwordResetTokens).values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_HOURS * 3_600_000),
      })
      await enqueueMail(tx, {
        to: data.email,
        subject: 'Your Meridian Travel account',
        body:
          `Hello ${data.first_name || data.username},\n\n${actor.username} created a Meridian Travel account for you ` +
          `(username ${data.username}, role ${role.displayName}). Choose your password within ${SET_PASSWORD_LINK_HOURS} hours:\n\n` +
          `${origin}/reset-password?token=${token}\n\nAfterwards sign in at ${origin}/login.\n`,
      })
    }
    await auditUsers(tx, ctx, actor, [
      {
        action: 'user.created',
        subject: { id: userId, username: data.username },
        summary: `${actor.username} created ${data.username} (${role.displayName})`,
        details: { role: role.name, is_active: data.is_active, password_link: invite },
      },
    ])
    return userId
  })
  const created = await fetchManagedUser(ctx.db, id)
  return serializeManagedUser(created!)
}
