import { describe, expect, it } from 'vitest'
import { listLayout, listPageSize } from './page-size.ts'

describe('listPageSize', () => {
  it("takes the user's setting when the list holds that many", () => {
    expect(listPageSize({ items_per_page: 10 }, 100)).toBe(10)
    expect(listPageSize({ items_per_page: 50 }, 100)).toBe(50)
    expect(listPageSize({ items_per_page: 100 }, 100)).toBe(100)
  })

  it("caps the setting at the list's maximum", () => {
    expect(listPageSize({ items_per_page: 20 }, 12)).toBe(12)
    expect(listPageSize({ items_per_page: 100 }, 24)).toBe(24)
    expect(listPageSize({ items_per_page: 10 }, 12)).toBe(10)
  })

  it('uses the default of 3-back-office.md §9 (20) without preferences', () => {
    expect(listPageSize(null, 100)).toBe(20)
    expect(listPageSize(undefined, 12)).toBe(12)
  })

  it("lets a size the address asks for win over the setting, still within the list's maximum", () => {
    expect(listPageSize({ items_per_page: 10 }, 100, 50)).toBe(50)
    expect(listPageSize({ items_per_page: 100 }, 100, 10)).toBe(10)
    expect(listPageSize({ items_per_page: 10 }, 24, 100)).toBe(24)
  })

  it('ignores a requested size that is not a whole number from 1 up', () => {
    for (const bad of [null, undefined, 0, -5, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(listPageSize({ items_per_page: 50 }, 100, bad), String(bad)).toBe(50)
    }
  })
})

describe('listLayout', () => {
  it('takes the setting, list by default', () => {
    expect(listLayout({ view_mode: 'grid' })).toBe('grid')
    expect(listLayout({ view_mode: 'list' })).toBe('list')
    expect(listLayout(null)).toBe('list')
  })

  it("lets the address's ?view= win when it names a layout", () => {
    expect(listLayout({ view_mode: 'list' }, 'grid')).toBe('grid')
    expect(listLayout({ view_mode: 'grid' }, 'list')).toBe('list')
    expect(listLayout({ view_mode: 'grid' }, 'table')).toBe('grid')
    expect(listLayout({ view_mode: 'grid' }, '')).toBe('grid')
  })
})
