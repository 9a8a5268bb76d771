import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FullServer, startFullServer } from '../../support/full-server.ts'
import { type Entry, type Matrix, mismatches, observe, startMatrix } from './matrix.ts'

/** One front's access matrix: every entry × anonymous and the six roles, against test/access/table.ts. */
export function accessMatrixSuite(title: string, entries: Entry[]) {
  let server: FullServer
  let matrix: Matrix

  beforeAll(async () => {
    server = await startFullServer({ env: { REGISTRATION_ENABLED: 'true' } })
    matrix = await startMatrix(server)
  }, 120_000)
  afterAll(() => server?.close())

  describe(title, () => {
    test('every entry answers each identity as the table says', async () => {
      const wrong: string[] = []
      for (const entry of entries) wrong.push(...mismatches(await observe(matrix, entry)))
      expect(wrong).toEqual([])
    }, 600_000)
  })
}
