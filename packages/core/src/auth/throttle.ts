import { type Database, eq, rowsOf, signInAttempts, sql } from '@meridian/db'
import { DomainError } from '../errors.ts'
import { STATUS_MESSAGES } from '../messages.ts'
import { SIGN_IN_LIMITS, THROTTLE_LOCKS } from './throttle-limits.ts'

/** One sign-in attempt admitted to the password check: its row, still in flight (succeeded null). */
export interface SignInAttempt {
  id: number
  accountKey: string
  userId: number | null
  ipAddress: string
}

/** The account a sign-in names, as the password check needs it. */
export interface SignInAccount {
  id: number
  username: string
  email: string
  passwordHash: string
  isActive: boolean
}

/**
 * The key attempts are counted under: the account, whichever of its names was typed and in any case; for a
 * name that matches no account, the typed text (so a missing account answers exactly like an existing one).
 * admitSignInAttempt builds the same key in SQL.
 */
export function signInAccountKey(userId: number | null, typed: string): string {
  return userId === null ? `name:${typed.toLowerCase()}` : `user:${userId}`
}

/** Take the account's lock for the rest of the transaction (the ceiling's notice is decided under it). */
export async function lockAccount(tx: Database, accountKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCKS.signInAccount}, hashtext(${accountKey}))`)
}

interface Recorded {
  id: number
  account_key: string
  user_id: number | null
  username: string | null
  email: string | null
  password_hash: string | null
  is_active: boolean | null
}

interface Counts {
  pair_failures: number
  pair_retry: number | null
  account_failures: number
  account_retry: number | null
  address_failures: number
  address_retry: number | null
  known: boolean
}

const window = sql`make_interval(mins => ${SIGN_IN_LIMITS.windowMinutes})`
const retryAfter = sql`ceil(extract(epoch from min(created_at) + ${window} - now()))::int`

/**
 * Find the account a username-or-e-mail names (the username first) and record the attempt as in flight, in one
 * statement; then decide whether it may reach the password check by counting the attempts recorded so far,
 * itself and those still in flight included (succeeded null counts as a failure). Each attempt is committed
 * before it counts, so of attempts sent together the last to count sees all the others: however many arrive at
 * once, on however many app processes, no more than the limit get through (during a burst, more may be refused
 * than strictly needed). Refused (429 with Retry-After, before any hashing; the row is removed) when, in the last
 * 15 minutes and counting this one,
 * - more than 5 attempts for this account came from this address since its last success from it, or
 * - more than 100 came from this address, or
 * - more than 20 for this account came from all addresses together, and this address has not signed in to the
 *   account in the last 30 days (the owner keeps signing in from where they did before).
 */
export async function admitSignInAttempt(
  db: Database,
  input: { typed: string; ipAddress: string },
): Promise<{ attempt: SignInAttempt; account: SignInAccount | undefined }> {
  const typed = input.typed.toLowerCase()
  const { ipAddress } = input
  const [recorded] = rowsOf<Recorded>(
    await db.execute(sql`
      with account as (
        select id, username, email, password_hash, is_active from users
        where lower(username) = ${typed} or lower(email) = ${typed}
        order by lower(username) = ${typed} desc limit 1
      ), attempt as (
        insert into sign_in_attempts (username, account_key, user_id, ip_address)
        select ${typed}::text, coalesce('user:' || account.id, 'name:' || ${typed}::text), account.id, ${ipAddress}::text
        from (select 1) as one left join account on true
        returning id, account_key, user_id
      )
      select attempt.id, attempt.account_key, attempt.user_id, account.username, account.email, account.password_hash, account.is_active
      from attempt left join account on true`),
  )
  if (!recorded) throw new Error('sign-in attempt not recorded')
  const attempt = { id: recorded.id, accountKey: recorded.account_key, userId: recorded.user_id, ipAddress }
  const account =
    recorded.user_id === null
      ? undefined
      : {
          id: recorded.user_id,
          username: recorded.username!,
          email: recorded.email!,
          passwordHash: recorded.password_hash!,
          isActive: recorded.is_active!,
        }
  const [counts] = rowsOf<Counts>(
    await db.execute(sql`
      with last_success as (
        select coalesce(max(id), 0) as id from sign_in_attempts
        where account_key = ${attempt.accountKey} and ip_address = ${ipAddress} and succeeded and created_at > now() - ${window}
      ), account as (
        select a.created_at, a.ip_address = ${ipAddress} and a.id > last_success.id as in_pair
        from sign_in_attempts a, last_success
        where a.account_key = ${attempt.accountKey} and a.created_at > now() - ${window} and a.succeeded is not true
      ), address as (
        select created_at from sign_in_attempts
        where ip_address = ${ipAddress} and created_at > now() - ${window} and succeeded is not true
      )
      select
        (select count(*)::int from account where in_pair) as pair_failures,
        (select ${retryAfter} from account where in_pair) as pair_retry,
        (select count(*)::int from account) as account_failures,
        (select ${retryAfter} from account) as account_retry,
        (select count(*)::int from address) as address_failures,
        (select ${retryAfter} from address) as address_retry,
        exists (
          select 1 from sign_in_attempts
          where user_id = ${attempt.userId} and ip_address = ${ipAddress} and succeeded
            and created_at > now() - make_interval(days => ${SIGN_IN_LIMITS.knownAddressDays})
        ) as known`),
  )
  const refusal = !counts
    ? 1
    : counts.pair_failures > SIGN_IN_LIMITS.perAccountAndAddress
      ? counts.pair_retry
      : counts.address_failures > SIGN_IN_LIMITS.perAddress
        ? counts.address_retry
        : counts.account_failures > SIGN_IN_LIMITS.perAccount && !counts.known
          ? counts.account_retry
          : undefined
  if (refusal === undefined) return { attempt, account }
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attempt.id))
  throw new DomainError('rate_limited', STATUS_MESSAGES[429], { retryAfter: Math.max(1, refusal ?? 1) })
}

/** The attempt succeeded: its address's count for the account starts again, and the user's last_login is now. */
export async function recordSignInSuccess(db: Database, attempt: SignInAttempt & { userId: number }) {
  await db.execute(sql`
    with done as (update sign_in_attempts set succeeded = true, updated_at = now() where id = ${attempt.id})
    update users set last_login = now() where id = ${attempt.userId}`)
}

/** The attempt failed (outside a transaction: the ceiling's notice has its own, in sign-in-notice.ts). */
export async function markSignInFailed(db: Database, attemptId: number) {
  await db.update(signInAttempts).set({ succeeded: false }).where(eq(signInAttempts.id, attemptId))
}
