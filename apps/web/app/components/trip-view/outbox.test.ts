import { describe, expect, it } from 'vitest'
import { dequeue, enqueue, flushOutbox, type OutboxStorage, outboxKey, outcomeOf, type QueuedMessage, readOutbox, type SendOutcome } from './outbox.ts'

function memoryStorage(): OutboxStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value), removeItem: (key) => void data.delete(key) }
}

const message = (n: number): QueuedMessage => ({ client_key: `key-${n}`, content: `message ${n}`, created_at: `2026-12-06T10:0${n}:00.000Z` })

describe('the offline outbox', () => {
  it('keeps messages per conversation in the order written, once per client key', () => {
    const storage = memoryStorage()
    enqueue(storage, 5, message(1))
    enqueue(storage, 5, message(2))
    enqueue(storage, 5, message(1))
    enqueue(storage, 6, message(3))
    expect(readOutbox(storage, 5).map((m) => m.client_key)).toEqual(['key-1', 'key-2'])
    expect(readOutbox(storage, 6).map((m) => m.client_key)).toEqual(['key-3'])
    expect(dequeue(storage, 5, 'key-1').map((m) => m.client_key)).toEqual(['key-2'])
    dequeue(storage, 5, 'key-2')
    expect(storage.data.has(outboxKey(5))).toBe(false)
  })

  it('reads what it cannot understand as nothing (another version of the page, a hand-edited storage)', () => {
    const storage = memoryStorage()
    storage.setItem(outboxKey(5), '{not json')
    expect(readOutbox(storage, 5)).toEqual([])
    storage.setItem(outboxKey(5), JSON.stringify([message(1), { client_key: '', content: 'x', created_at: 'y' }, { content: 'no key' }, 7]))
    expect(readOutbox(storage, 5)).toEqual([message(1)])
  })

  it('sends in order; a refused message leaves the queue and is reported; the first held one stops the round and keeps the rest', async () => {
    const storage = memoryStorage()
    for (const n of [1, 2, 3, 4]) enqueue(storage, 5, message(n))
    const outcomes: Record<string, SendOutcome> = { 'key-1': 'sent', 'key-2': 'refused', 'key-3': 'held', 'key-4': 'sent' }
    const tried: string[] = []
    const result = await flushOutbox(storage, 5, async (m) => {
      tried.push(m.client_key)
      return outcomes[m.client_key]!
    })
    expect(tried).toEqual(['key-1', 'key-2', 'key-3'])
    expect(result.sent.map((m) => m.client_key)).toEqual(['key-1'])
    expect(result.refused.map((m) => m.client_key)).toEqual(['key-2'])
    expect(result.left.map((m) => m.client_key)).toEqual(['key-3', 'key-4'])
    expect(readOutbox(storage, 5)).toEqual(result.left)

    // The connection returns: the rest goes, still in order.
    const later: string[] = []
    const next = await flushOutbox(storage, 5, async (m) => {
      later.push(m.client_key)
      return 'sent'
    })
    expect(later).toEqual(['key-3', 'key-4'])
    expect(next.left).toEqual([])
  })

  it('treats a send that throws (no network) as held', async () => {
    const storage = memoryStorage()
    enqueue(storage, 5, message(1))
    const result = await flushOutbox(storage, 5, () => Promise.reject(new TypeError('Failed to fetch')))
    expect(result).toEqual({ sent: [], refused: [], left: [message(1)] })
  })

  it('runs one round at a time per conversation: a second one started meanwhile sends nothing twice', async () => {
    const storage = memoryStorage()
    enqueue(storage, 5, message(1))
    const sends: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const first = flushOutbox(storage, 5, async (m) => {
      sends.push(m.client_key)
      await gate
      return 'sent'
    })
    const second = await flushOutbox(storage, 5, async (m) => {
      sends.push(`again ${m.client_key}`)
      return 'sent'
    })
    expect(second.sent).toEqual([])
    release()
    expect((await first).sent).toEqual([message(1)])
    expect(sends).toEqual(['key-1'])
  })

  it("reads the answer of the trip view's action: 200 sent, 4xx refused, a redirect (202), 408, 429 and 5xx held", () => {
    expect([200, 201].map(outcomeOf)).toEqual(['sent', 'sent'])
    expect([400, 403, 404, 413].map(outcomeOf)).toEqual(['refused', 'refused', 'refused', 'refused'])
    expect([202, 408, 429, 500, 502, 503, 504].map(outcomeOf)).toEqual(['held', 'held', 'held', 'held', 'held', 'held', 'held'])
  })
})
