import { describe, expect, test } from 'vitest'
import { loadServerBuild } from '../support/full-server.ts'
import { remixRoutes, restRoutes, trpcProcedures } from '../support/surface.ts'
import { ACCESS_TABLE, matches } from './table.ts'
import { remixEntries, restEntries, trpcEntries, unmatched } from './support/matrix.ts'

/** The table covers the whole surface, read from the application, and holds no row for something that is gone. */
const keys = [
  ...restEntries(restRoutes()),
  ...trpcEntries(trpcProcedures()),
  ...remixEntries(remixRoutes(await loadServerBuild())),
]

describe('the access table', () => {
  test('has a row for every REST route, tRPC procedure and Remix loader and action', () => {
    expect(unmatched(keys)).toEqual([])
  })

  test('has no pattern that matches nothing', () => {
    const stale = ACCESS_TABLE.flatMap((rule) => rule.patterns).filter((pattern) => !keys.some((k) => matches(pattern, k.key)))
    expect(stale).toEqual([])
  })
})
