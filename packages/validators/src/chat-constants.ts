/** Chat (1-platform-core §3, §5, §7, §9; docs/chat.md). Browser-safe. */

/** The longest message, in characters. */
export const MAX_MESSAGE_LENGTH = 4000
/** The longest idempotency key a client may send with a message. */
export const MAX_CLIENT_KEY_LENGTH = 100
/** Messages in one page of a conversation's history. */
export const MESSAGE_PAGE_SIZE = 50

export const CHAT_MESSAGES = {
  /** §5: empty or whitespace-only messages cannot be sent. */
  blank: 'This field may not be blank.',
  tooLong: `Ensure this field has no more than ${MAX_MESSAGE_LENGTH} characters.`,
  notFound: 'The requested conversation was not found.',
  denied: "You don't have permission to perform this action.",
  notYours: 'Select one of your travelers.',
  noStaff: 'Select the expert or specialist to talk to.',
  notYourStaff: 'Select an expert or specialist who works with you.',
  trip: 'Select one of this traveler’s trips.',
  clientKey: `A client key is 1 to ${MAX_CLIENT_KEY_LENGTH} characters.`,
  notAdmin: 'Select an administrator.',
} as const

/** §9 time-ago text: under 60 s 'just now', then minutes (m ago), hours (h ago), days (d ago). */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return 'just now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h ago`
  return `${Math.floor(seconds / 86_400)}d ago`
}
