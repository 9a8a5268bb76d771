import { type Database, sql } from '@meridian/db'

/** The PostgreSQL channel every app process listens on (docs/chat.md "Real time"). */
export const EVENTS_CHANNEL = 'meridian_events'

/**
 * What travels between processes: ids and who it concerns, never content (a NOTIFY payload is at most 8,000 bytes).
 * Each process that holds a stream of one of `users` reads the rest once and writes it to its streams.
 */
export type LiveEvent =
  | { type: 'message'; conversation_id: number; message_id: number; users: number[] }
  | { type: 'read'; conversation_id: number; user_id: number; last_read_message_id: number; users: number[] }
  | { type: 'notifications'; users: number[] }
  /** Sign-ins of these users ended (sign-out, password change or reset, deactivation): their streams are checked again. */
  | { type: 'sign_ins_ended'; users: number[] }

/** Users named in one NOTIFY at most (a payload stays far under PostgreSQL's 8,000 bytes). */
const USERS_PER_EVENT = 500

/**
 * Announce an event to every app process, inside the caller's transaction: PostgreSQL delivers it at commit, in commit
 * order, and never when the transaction rolls back (PGlite the same, in process).
 */
export async function publishEvent(db: Pick<Database, 'execute'>, event: LiveEvent): Promise<void> {
  if ('users' in event && event.users.length > USERS_PER_EVENT) {
    for (let i = 0; i < event.users.length; i += USERS_PER_EVENT) await publishEvent(db, { ...event, users: event.users.slice(i, i + USERS_PER_EVENT) })
    return
  }
  if ('users' in event && event.users.length === 0) return
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`)
}
