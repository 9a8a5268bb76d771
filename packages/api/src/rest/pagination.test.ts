import { describe, expect, it } from 'vitest'
import { DomainError } from '@meridian/core'
import { MAX_PAGE_SIZE, pageRequest, pageResponse } from './pagination.ts'

const query = (qs: string) => new URLSearchParams(qs)

describe('pageRequest', () => {
  it('defaults to page 1 of 20', () => {
    expect(pageRequest(query(''))).toEqual({ page: 1, pageSize: 20, offset: 0 })
  })

  it('reads page and page_size into an offset', () => {
    expect(pageRequest(query('page=3&page_size=50'))).toEqual({ page: 3, pageSize: 50, offset: 100 })
  })

  it('caps page_size at 500', () => {
    expect(MAX_PAGE_SIZE).toBe(500)
    expect(pageRequest(query('page_size=10000')).pageSize).toBe(500)
    expect(pageRequest(query('page_size=500')).pageSize).toBe(500)
  })

  it('falls back to the default size for a nonsensical page_size', () => {
    for (const size of ['0', '-5', 'abc', '2.5']) expect(pageRequest(query(`page_size=${size}`), 25).pageSize).toBe(25)
  })

  it('answers not_found for an invalid page', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '', '99999999999999999999999999', '1e30', '1000000001']) {
      const attempt = () => pageRequest(query(`page=${page}`))
      expect(attempt, page).toThrow(DomainError)
      expect(attempt, page).toThrow('Invalid page.')
      try {
        attempt()
      } catch (error) {
        expect((error as DomainError).code).toBe('not_found')
      }
    }
  })
})

describe('pageResponse', () => {
  const url = 'http://meridian.test/api/suppliers/?search=rome&page=2&page_size=10'

  it('links to the next and previous pages, keeping the other parameters', () => {
    const body = pageResponse(url, pageRequest(query('page=2&page_size=10')), 35, ['a'])
    expect(body.count).toBe(35)
    expect(body.results).toEqual(['a'])
    expect(body.next).toBe('http://meridian.test/api/suppliers/?search=rome&page=3&page_size=10')
    // DRF drops page=1 from the link to the first page.
    expect(body.previous).toBe('http://meridian.test/api/suppliers/?search=rome&page_size=10')
  })

  it('has no next link on the last page and no previous link on the first', () => {
    const last = pageResponse(url, pageRequest(query('page=4&page_size=10')), 35, [])
    expect(last.next).toBeNull()
    expect(last.previous).toContain('page=3')
    const first = pageResponse('http://meridian.test/api/x/', pageRequest(query('page_size=10')), 35, [])
    expect(first.previous).toBeNull()
    expect(first.next).toBe('http://meridian.test/api/x/?page=2')
  })

  it('answers page 1 of an empty list, and not_found past the last page', () => {
    const empty = pageResponse('http://meridian.test/api/x/', pageRequest(query('')), 0, [])
    expect(empty).toEqual({ count: 0, next: null, previous: null, results: [] })
    expect(() => pageResponse(url, pageRequest(query('page=5&page_size=10')), 35, [])).toThrow('Invalid page.')
  })
})
