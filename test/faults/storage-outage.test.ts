import { createS3Storage, type ObjectStorage } from '@meridian/storage'
import { startTestS3, type TestS3 } from '@meridian/storage/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppProcess, startApp } from './support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from './support/database.ts'
import { call, restLogin, waitFor } from './support/http.ts'
import { abandonedDownload, noisyJpeg, smallPng, streamingUpload, uploadFiles, waitUntilProcessed } from './support/media.ts'

/**
 * The S3 server stops during uploads and deletions, and clients hang up on downloads from it: an upload fails
 * cleanly (no row, and no object once the store is back), a deletion waits in the outbox (storage_deletions) and
 * finishes by itself when S3 returns, and abandoned downloads leave no sockets or file handles behind.
 */
const STORAGE_UNAVAILABLE = 'File storage is unavailable. Please try again later.'
const HOUSEKEEPING_MS = 500

let s3: TestS3
let bucket: ObjectStorage
let db: FaultDatabase
let app: AppProcess
let access: string

beforeAll(async () => {
  s3 = await startTestS3('meridian-faults')
  bucket = createS3Storage(s3.options)
  db = await createFaultDatabase()
  app = await startApp({
    DATABASE_URL: db.url,
    SEED_DEMO: 'true',
    SEED_DEMO_WORLD: 'false',
    S3_BUCKET: s3.options.bucket,
    S3_ENDPOINT: s3.options.endpoint!,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_HOUSEKEEPING_MS: String(HOUSEKEEPING_MS),
  })
  access = (await restLogin(app.url, 'admin')).access
})

afterAll(async () => {
  await app?.stop()
  await db?.drop()
  await s3?.close()
})

const rows = async () => (await db.sql`select id, status from media_items order by id`).map((r) => `${r.id}:${r.status}`)
const outbox = async () => (await db.sql`select prefix from storage_deletions`).map((r) => r.prefix as string)

describe('S3 stopped during uploads and deletions', () => {
  it('an upload cut off by the outage fails cleanly: no row, and no object once S3 is back', async () => {
    const upload = streamingUpload(app.url, access, 'big.png')
    await upload.send(await smallPng())
    // Past the first multipart part (5 MiB), so S3 holds part of the file when it goes away.
    for (let i = 0; i < 7; i++) await upload.send(Buffer.alloc(1024 * 1024, 7))
    await waitFor(async () => (await rows()).some((r) => r.endsWith(':uploading')), 10_000, 'the upload to be under way')
    await s3.stop()
    for (let i = 0; i < 3; i++) await upload.send(Buffer.alloc(1024 * 1024, 7))
    const answer = await upload.end()

    expect(answer).toMatchObject({ status: 200, body: { uploaded: 0, failed: 1, results: [{ success: false, filename: 'big.png', error: STORAGE_UNAVAILABLE }] } })
    expect(await rows()).toEqual([])
    expect(app.alive()).toBe(true)

    await s3.restart()
    await waitFor(async () => (await outbox()).length === 0, 10_000, 'the outbox to be empty')
    expect(await bucket.list('media')).toEqual([])
  })

  it('an upload while S3 is down answers per file, keeps nothing, and works again when S3 returns', async () => {
    await s3.stop()
    const down = await uploadFiles(app.url, access, [{ name: 'a.png', data: await smallPng() }])
    expect(down.body).toMatchObject({ uploaded: 0, failed: 1, results: [{ success: false, error: STORAGE_UNAVAILABLE }] })
    expect(await rows()).toEqual([])
    await s3.restart()
    const up = await uploadFiles(app.url, access, [{ name: 'b.png', data: await smallPng() }])
    expect(up.status).toBe(201)
    const item = await waitUntilProcessed(app.url, access, up.body.results[0]!.id!)
    expect(item.status).toBe('ready')
    await waitFor(async () => (await outbox()).length === 0, 10_000, 'the outbox to be empty')
    expect((await bucket.list('media')).length).toBeGreaterThan(0)
    await call(app.url, `/api/media/${item.id}/`, { token: access, method: 'DELETE' })
    await waitFor(async () => (await bucket.list('media')).length === 0, 10_000, 'the objects to go')
  })

  it('a deletion while S3 is down removes the item at once and its objects when S3 returns', async () => {
    const up = await uploadFiles(app.url, access, [{ name: 'c.png', data: await smallPng() }])
    const item = await waitUntilProcessed(app.url, access, up.body.results[0]!.id!)
    const [row] = await db.sql`select uuid from media_items where id = ${item.id}`
    const stored = (await bucket.list('media')).filter((k) => k.includes(row!.uuid))
    expect(stored.length).toBeGreaterThan(1)

    await s3.stop()
    const removed = await call(app.url, `/api/media/${item.id}/`, { token: access, method: 'DELETE' })
    expect(removed.status).toBe(204)
    expect((await call(app.url, `/api/media/${item.id}/`, { token: access })).status).toBe(404)
    expect(await outbox()).toHaveLength(1)
    // Still waiting while S3 is away: the housekeeping tries and keeps the row.
    await new Promise((r) => setTimeout(r, HOUSEKEEPING_MS * 3))
    expect(await outbox()).toHaveLength(1)

    await s3.restart()
    await waitFor(async () => (await outbox()).length === 0, 10_000, 'the outbox to drain soon after S3 is back')
    expect(await bucket.list('media')).toEqual([])
    expect(app.alive()).toBe(true)
  })
})

describe('downloads from S3 abandoned by their clients', () => {
  it('leave no S3 sockets or file handles behind: a full download still works after many', async () => {
    const up = await uploadFiles(app.url, access, [{ name: 'noise.jpg', data: await noisyJpeg() }])
    const item = await waitUntilProcessed(app.url, access, up.body.results[0]!.id!)
    expect(item.status).toBe('ready')
    const path = `/media/${item.id}/original`
    // Ten whole downloads at once first: the database pool grows to what ten requests need, and stays so.
    const warm = await Promise.all(Array.from({ length: 10 }, () => call(app.url, path, { token: access })))
    expect(warm.map((w) => w.status)).toEqual(Array(10).fill(200))
    const before = app.openFiles()

    // More than the S3 client's socket pool (50): a leaked socket per abandoned download would starve it.
    for (let round = 0; round < 6; round++) {
      const got = await Promise.all(Array.from({ length: 10 }, () => abandonedDownload(app.url, path, access)))
      expect(got.every((n) => n > 0)).toBe(true)
    }
    const full = await call(app.url, path, { token: access, timeoutMs: 10_000 })
    expect(full.failure).toBeUndefined()
    expect(full.status).toBe(200)
    await waitFor(() => app.openFiles() <= before + 2, 10_000, `open files back near ${before} (now ${app.openFiles()})`)
    expect(app.alive()).toBe(true)
  })
})
