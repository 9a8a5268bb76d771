import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type FullServer, loadServerBuild, startFullServer } from '../support/full-server.ts'
import { remixRoutes } from '../support/surface.ts'
import { type Matrix, mismatches, observe, remixEntries, startMatrix } from './support/matrix.ts'

/** Every Remix loader and action (pages and resource routes) × anonymous and the six roles, against test/access/table.ts. */
const entries = remixEntries(remixRoutes(await loadServerBuild()))
let server: FullServer
let matrix: Matrix

beforeAll(async () => {
  server = await startFullServer({ env: { REGISTRATION_ENABLED: 'true' } })
  matrix = await startMatrix(server)
}, 120_000)
afterAll(() => server?.close())

describe(`Remix access matrix (${entries.length} loaders and actions)`, () => {
  test('every loader and action answers each identity as the table says', async () => {
    const wrong: string[] = []
    for (const entry of entries) wrong.push(...mismatches(await observe(matrix, entry)))
    expect(wrong).toEqual([])
  }, 600_000)
})
