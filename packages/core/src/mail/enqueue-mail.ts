import { type Database, mailOutbox } from '@meridian/db'

/** Put a message in the outbox, inside the caller's transaction. */
export async function enqueueMail(db: Database, mail: { to: string; subject: string; body: string }) {
  await db.insert(mailOutbox).values({ toAddress: mail.to, subject: mail.subject, body: mail.body })
}
