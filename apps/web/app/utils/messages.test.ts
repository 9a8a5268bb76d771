import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorMessage, isNetworkError, readErrorMessage } from './messages.ts'

class RouteErrorResponse {
  internal = false
  constructor(readonly status: number, readonly statusText: string, readonly data: unknown) {}
}

afterEach(() => vi.unstubAllGlobals())

describe('errorMessage: by status', () => {
  it.each([
    [401, 'Your session has expired. Please log in again.'],
    [403, "You don't have permission to perform this action."],
    [404, 'The requested resource was not found.'],
    [429, 'Too many requests. Please wait a moment and try again.'],
    [500, 'Server error occurred. Our team has been notified.'],
    [502, 'Server error occurred. Our team has been notified.'],
    [503, 'Server error occurred. Our team has been notified.'],
  ])('%i', (status, message) => {
    expect(errorMessage({ status })).toBe(message)
    expect(errorMessage(new Response(null, { status }))).toBe(message)
    expect(errorMessage(new RouteErrorResponse(status, '', { detail: 'ignored for this status' }))).toBe(message)
  })

  it('400 and 422 take the server message from error, message or detail', () => {
    expect(errorMessage({ status: 400, data: { detail: 'Enter a valid date.' } })).toBe('Enter a valid date.')
    expect(errorMessage({ status: 422, body: { message: 'Budget is too low.' } })).toBe('Budget is too low.')
    expect(errorMessage(new RouteErrorResponse(400, 'Bad Request', { error: 'Name taken.' }))).toBe('Name taken.')
    expect(errorMessage({ status: 400, data: { username: ['This field is required.'] } })).toBe('Please check your input and try again.')
    expect(errorMessage({ status: 400 })).toBe('Please check your input and try again.')
  })

  it("404 for user actions says 'user'", () => {
    expect(errorMessage({ status: 404 }, { notFound: 'user' })).toBe('The requested user was not found.')
  })

  it('a refused bearer token is an invalid session', () => {
    expect(errorMessage({ status: 401, data: { detail: 'Given token not valid for any token type' } })).toBe(
      'Your session is invalid. Please log in again.',
    )
  })

  it('reads a tRPC client error by its HTTP status', () => {
    const error = Object.assign(new Error('Score must be between 0 and 100'), {
      name: 'TRPCClientError',
      data: { httpStatus: 400, code: 'BAD_REQUEST' },
    })
    expect(errorMessage(error)).toBe('Score must be between 0 and 100')
    expect(errorMessage(Object.assign(new Error('x'), { name: 'TRPCClientError', data: { code: 'FORBIDDEN' } }))).toBe(
      "You don't have permission to perform this action.",
    )
  })
})

describe('errorMessage: by code and kind', () => {
  it('NETWORK_ERROR, TIMEOUT, INVALID_TOKEN', () => {
    expect(errorMessage({ code: 'NETWORK_ERROR' })).toBe('Connection error. Please check your internet and try again.')
    expect(errorMessage({ code: 'TIMEOUT' })).toBe('Request timed out. Please try again.')
    expect(errorMessage(new DOMException('signal timed out', 'TimeoutError'))).toBe('Request timed out. Please try again.')
    expect(errorMessage({ code: 'INVALID_TOKEN' })).toBe('Your session is invalid. Please log in again.')
  })

  it('a failed fetch: offline or another network error', () => {
    const failed = new TypeError('Failed to fetch')
    expect(isNetworkError(failed)).toBe(true)
    expect(errorMessage(failed)).toBe('Network error occurred. Please try again.')
    vi.stubGlobal('navigator', { onLine: false })
    expect(errorMessage(failed)).toBe('You appear to be offline. Please check your internet connection.')
  })

  it('default: the server message, else the catalogue default', () => {
    expect(errorMessage({ detail: 'Quiz already reviewed.' })).toBe('Quiz already reviewed.')
    expect(errorMessage({ code: 'conflict', message: 'Username taken.' })).toBe('Username taken.')
    expect(errorMessage(new Error('internal detail'))).toBe('An unexpected error occurred. Please try again.')
    expect(errorMessage(undefined)).toBe('An unexpected error occurred. Please try again.')
    expect(errorMessage('Failed to load destinations')).toBe('Failed to load destinations')
  })
})

describe('readErrorMessage', () => {
  it('reads the server message from a JSON or text body', async () => {
    const json = new Response(JSON.stringify({ detail: 'Rate must be positive.' }), { status: 400 })
    expect(await readErrorMessage(json)).toBe('Rate must be positive.')
    expect(await readErrorMessage(new Response('Currency code taken', { status: 422 }))).toBe('Currency code taken')
    expect(await readErrorMessage(new Response('<html>502</html>', { status: 502 }))).toBe(
      'Server error occurred. Our team has been notified.',
    )
    expect(await readErrorMessage(new Response('<html>bad</html>', { status: 400 }))).toBe('Please check your input and try again.')
  })
})
