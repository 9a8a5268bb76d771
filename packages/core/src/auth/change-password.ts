import { ChangePasswordInput } from '@meridian/validators'
import { hashPassword, verifyPassword } from '@meridian/auth'
import { eq, users } from '@meridian/db'
import { requireActor } from '../access.ts'
import type { ServiceContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { parseInput } from '../validation.ts'
import { endAllSignIns } from './end-sign-ins.ts'

/** Change one's own password; ends every session and token of the user (the caller may start a fresh session). */
export async function changePassword(ctx: ServiceContext, input: unknown): Promise<void> {
  const actor = requireActor(ctx)
  const data = parseInput(ChangePasswordInput, input)
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.id))
  if (!row || !(await verifyPassword(row.hash, data.old_password))) {
    throw DomainError.invalid({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] })
  }
  const passwordHash = await hashPassword(data.new_password)
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, actor.id))
    await endAllSignIns(tx, actor.id)
  })
}
