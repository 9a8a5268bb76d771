import { createHash, randomBytes } from 'node:crypto'
import { PasswordResetConfirmInput, PasswordResetInput } from '@meridian/validators'
import { hashPassword } from '@meridian/auth'
import { and, eq, gt, isNull, passwordResetTokens, sql, users } from '@meridian/db'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { AUTH_MESSAGES } from '../messages.ts'
import { parseInput } from '../validation.ts'
import { enqueueMail } from '../mail/enqueue-mail.ts'
import { endAllSignIns } from './end-sign-ins.ts'

export const RESET_TOKEN_MINUTES = 60
/** Reset and set-password tokens are stored as their SHA-256, never in clear. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Write a reset link to the outbox for an active user with this e-mail. Answers the same success message
 * whether or not the address exists, so it reveals nothing.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: unknown, origin: string): Promise<string> {
  const { email } = parseInput(PasswordResetInput, input)
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.isActive, true)))
  if (user) {
    const token = randomBytes(32).toString('base64url')
    await ctx.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      })
      await enqueueMail(tx, {
        to: user.email,
        subject: 'Reset your Meridian Travel password',
        body:
          `Hello ${user.username},\n\nSomeone asked to reset the password of your Meridian Travel account. ` +
          `Open this link within ${RESET_TOKEN_MINUTES} minutes to choose a new one:\n\n` +
          `${origin}/reset-password?token=${token}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      })
    })
  }
  return AUTH_MESSAGES.resetSent
}

/** Set a new password with a reset token; the token works once, and every existing sign-in ends. */
export async function confirmPasswordReset(ctx: ServiceContext, input: unknown): Promise<void> {
  const data = parseInput(PasswordResetConfirmInput, input)
  const passwordHash = await hashPassword(data.new_password)
  const done = await ctx.db.transaction(async (tx) => {
    const [record] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(data.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId })
    if (!record) return false
    await tx.update(users).set({ passwordHash }).where(eq(users.id, record.userId))
    await endAllSignIns(tx, record.userId)
    return true
  })
  if (!done) throw DomainError.invalid({ token: ['This password reset link is invalid or has expired.'] })
}
