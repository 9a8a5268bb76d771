import { describe, expect, it } from 'vitest'
import { PoolGate } from './pool-gate.ts'
import { DatabaseBusyError, isDatabaseUnavailable } from './unavailable.ts'

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('PoolGate', () => {
  it('lets `size` calls run at once, hands a turn to the next waiter, and fails one that waits too long', async () => {
    const gate = new PoolGate(2, 150)
    const order: string[] = []
    const job = (name: string, ms: number) => gate.run(async () => (order.push(name), await later(ms), name))
    const a = job('a', 100)
    const b = job('b', 400)
    const c = job('c', 300)
    const d = job('d', 10)
    await later(20)
    expect(gate.stats).toEqual({ active: 2, waiting: 2 })
    // c gets a's turn at 100 ms; d would wait until 400 ms, longer than 150 ms.
    await expect(d).rejects.toBeInstanceOf(DatabaseBusyError)
    expect(gate.stats).toEqual({ active: 2, waiting: 0 })
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c'])
    expect(order).toEqual(['a', 'b', 'c'])
    expect(gate.stats).toEqual({ active: 0, waiting: 0 })
  })

  it('gives the turn back when the work fails', async () => {
    const gate = new PoolGate(1, 50)
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await gate.run(async () => 'next')).toBe('next')
  })
})

describe('isDatabaseUnavailable', () => {
  it('recognises a server going away, refusing connections, timing out or out of room, wrapped or not', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    expect(isDatabaseUnavailable(shutdown)).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('Failed query'), { cause: shutdown }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('too many clients'), { code: '53300' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true)
    expect(isDatabaseUnavailable(new DatabaseBusyError(100))).toBe(true)
  })

  it('leaves every other failure alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
  })
})
