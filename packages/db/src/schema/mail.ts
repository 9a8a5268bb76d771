import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** Outgoing mail. Written in the same transaction as the change that causes it; delivered when SMTP_URL is set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('mail_outbox_status_idx').on(t.status)],
)
