import { type Database, eq, mailOutbox, sql } from '@meridian/db'

export interface MailTransport {
  send(mail: { from: string; to: string; subject: string; text: string }): Promise<void>
}

/**
 * Send pending outbox messages. Rows are claimed with SKIP LOCKED, so several app processes never send one twice.
 * Returns how many were sent.
 */
export async function deliverOutbox(db: Database, transport: MailTransport, from: string, batch = 20): Promise<number> {
  let sent = 0
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'))
      .orderBy(mailOutbox.id)
      .limit(batch)
      .for('update', { skipLocked: true })
    for (const row of rows) {
      try {
        await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.body })
        await tx.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()` }).where(eq(mailOutbox.id, row.id))
        sent++
      } catch (error) {
        await tx
          .update(mailOutbox)
          .set({ status: 'failed', error: String((error as Error).message).slice(0, 500) })
          .where(eq(mailOutbox.id, row.id))
      }
    }
  })
  return sent
}

/** An SMTP transport from SMTP_URL (nodemailer). */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const nodemailer = await import('nodemailer')
  const transporter = nodemailer.createTransport(url)
  return {
    async send(mail) {
      await transporter.sendMail(mail)
    },
  }
}
