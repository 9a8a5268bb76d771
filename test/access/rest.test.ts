import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FullServer, startFullServer } from '../support/full-server.ts'
import { restRoutes } from '../support/surface.ts'
import { type Matrix, mismatches, observe, restEntries, startMatrix } from './support/matrix.ts'

/** Every REST route × anonymous and the six roles × own and another's object, against test/access/table.ts. */
const entries = restEntries(restRoutes())
let server: FullServer
let matrix: Matrix

beforeAll(async () => {
  server = await startFullServer({ env: { REGISTRATION_ENABLED: 'true' } })
  matrix = await startMatrix(server)
}, 120_000)
afterAll(() => server?.close())

describe(`REST access matrix (${entries.length} routes)`, () => {
  test('every route answers each identity as the table says', async () => {
    const wrong: string[] = []
    for (const entry of entries) wrong.push(...mismatches(await observe(matrix, entry)))
    expect(wrong).toEqual([])
  }, 600_000)
})
