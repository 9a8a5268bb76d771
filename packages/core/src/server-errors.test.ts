import { describe, expect, it } from 'vitest'
import { describeServerError } from './server-errors.ts'

describe('describeServerError', () => {
  it('keeps the message when the stack cannot be formatted (source-map support failing on a large map)', () => {
    const error = new Error('relation "client_error_reports" does not exist')
    Object.defineProperty(error, 'stack', {
      get() {
        throw new RangeError('Maximum call stack size exceeded')
      },
    })
    const text = describeServerError(error)
    expect(text).toContain('Error: relation "client_error_reports" does not exist')
    expect(text).toContain('stack unavailable: Maximum call stack size exceeded')
  })

  it('names a failed statement and its database message, never its parameters, with the stack below', () => {
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505' })
    const error = Object.assign(new Error('Failed query'), { query: 'insert into users values ($1)', params: ['secret-hash'], cause })
    const text = describeServerError(error)
    expect(text.split('\n').slice(0, 2)).toEqual(['Failed query: insert into users values ($1)', 'Error: duplicate key value (23505)'])
    expect(text).not.toContain('secret-hash')
    expect(text).toContain('server-errors.test.ts')
  })
})
