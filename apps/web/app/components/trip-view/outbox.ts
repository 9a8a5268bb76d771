/**
 * Messages to the expert written on the trip view while the browser is offline (docs/traveler-app.md "Offline"):
 * kept in the browser's storage under the conversation, each with the client key the chat already uses, and sent in
 * order when the connection returns. A message sent twice (a send whose answer was lost) is one message: the server
 * keeps one per client key. Browser-safe, no imports; the storage is passed in (localStorage in the page).
 */

export interface QueuedMessage {
  client_key: string
  content: string
  /** When it was written (ISO), shown beside it. */
  created_at: string
}

/** The part of the Storage interface the outbox uses. */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * What one try to send gave: 'sent' (the server has it), 'refused' (the server will never take it as written: blank,
 * too long, not a participant), or 'held' (no network, the server unavailable, or signed out: try again later).
 */
export type SendOutcome = 'sent' | 'refused' | 'held'

export const OUTBOX_PREFIX = 'meridian:outbox:'
export const outboxKey = (conversationId: number) => `${OUTBOX_PREFIX}${conversationId}`

const isQueued = (x: unknown): x is QueuedMessage =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as QueuedMessage).client_key === 'string' &&
  (x as QueuedMessage).client_key !== '' &&
  typeof (x as QueuedMessage).content === 'string' &&
  typeof (x as QueuedMessage).created_at === 'string'

/** The queued messages, oldest first; anything unreadable in the storage is left out. */
export function readOutbox(storage: OutboxStorage, conversationId: number): QueuedMessage[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(outboxKey(conversationId)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isQueued) : []
  } catch {
    return []
  }
}

function write(storage: OutboxStorage, conversationId: number, list: QueuedMessage[]) {
  if (list.length === 0) storage.removeItem(outboxKey(conversationId))
  else storage.setItem(outboxKey(conversationId), JSON.stringify(list))
  return list
}

/** Adds a message at the end (once per client key). */
export function enqueue(storage: OutboxStorage, conversationId: number, message: QueuedMessage): QueuedMessage[] {
  const list = readOutbox(storage, conversationId)
  if (list.some((m) => m.client_key === message.client_key)) return list
  return write(storage, conversationId, [...list, message])
}

export function dequeue(storage: OutboxStorage, conversationId: number, clientKey: string): QueuedMessage[] {
  return write(
    storage,
    conversationId,
    readOutbox(storage, conversationId).filter((m) => m.client_key !== clientKey),
  )
}

const flushing = new Set<string>()

/**
 * Sends the queued messages oldest first, one at a time, so they arrive in the order written. A sent one leaves the
 * queue, and so does a refused one (reported, so the page can show why); the first held one stops the round, keeping
 * it and every later one for the next. A round already running for this conversation makes this one do nothing.
 */
export async function flushOutbox(
  storage: OutboxStorage,
  conversationId: number,
  send: (message: QueuedMessage) => Promise<SendOutcome>,
): Promise<{ sent: QueuedMessage[]; refused: QueuedMessage[]; left: QueuedMessage[] }> {
  const key = outboxKey(conversationId)
  const sent: QueuedMessage[] = []
  const refused: QueuedMessage[] = []
  if (flushing.has(key)) return { sent, refused, left: readOutbox(storage, conversationId) }
  flushing.add(key)
  try {
    for (const message of readOutbox(storage, conversationId)) {
      let outcome: SendOutcome
      try {
        outcome = await send(message)
      } catch {
        outcome = 'held'
      }
      if (outcome === 'held') break
      dequeue(storage, conversationId, message.client_key)
      ;(outcome === 'sent' ? sent : refused).push(message)
    }
    return { sent, refused, left: readOutbox(storage, conversationId) }
  } finally {
    flushing.delete(key)
  }
}

/**
 * The outcome of a send by its HTTP answer from the trip view's action (Remix's data request): 200 the message, 4xx a
 * refusal, 202 a redirect (the session ended: sign in, then it goes), 5xx or no answer a try for later.
 */
export function outcomeOf(status: number): SendOutcome {
  if (status === 200 || status === 201) return 'sent'
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'refused'
  return 'held'
}
