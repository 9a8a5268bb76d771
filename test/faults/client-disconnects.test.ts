import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppProcess, startApp } from './support/app-process.ts'
import { createFaultDatabase, type FaultDatabase } from './support/database.ts'
import { call, restLogin, waitFor } from './support/http.ts'
import { abandonedDownload, noisyJpeg, smallPng, streamingUpload, uploadFiles, waitUntilProcessed } from './support/media.ts'

/**
 * Clients that hang up in the middle of an upload or a download (files on local disk): the server stays up,
 * keeps no row and no file of the broken upload, and holds no file handle, socket or pooled connection for them.
 */
const POOL = 3

let db: FaultDatabase
let app: AppProcess
let access: string
let mediaRoot: string

beforeAll(async () => {
  mediaRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-faults-media-'))
  db = await createFaultDatabase()
  app = await startApp({ DATABASE_URL: db.url, SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false', MEDIA_ROOT: mediaRoot, DB_POOL_MAX: String(POOL) })
  access = (await restLogin(app.url, 'admin')).access
})

afterAll(async () => {
  await app?.stop()
  await db?.drop()
  fs.rmSync(mediaRoot, { recursive: true, force: true })
})

/** Every file under the media root (uploads land in media/<uuid>/, partial writes beside their target). */
function filesOnDisk(): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else out.push(path.relative(mediaRoot, full))
    }
  }
  walk(mediaRoot)
  return out
}

describe('clients that hang up', () => {
  it('mid-upload: no row, no file, and the pool is whole afterwards', async () => {
    const head = await smallPng()
    // More hang-ups than pooled connections: a connection kept by each would exhaust the pool.
    for (let round = 0; round < POOL * 3; round++) {
      const upload = streamingUpload(app.url, access, `gone-${round}.png`)
      await upload.send(head)
      await upload.send(Buffer.alloc(512 * 1024, round))
      await waitFor(async () => (await db.sql`select 1 from media_items where status = 'uploading'`).length > 0, 10_000, 'the upload to start')
      upload.abort()
      expect('error' in (await upload.answer)).toBe(true)
    }
    await waitFor(async () => (await db.sql`select 1 from media_items`).length === 0, 10_000, 'the broken uploads to be cleared')
    await waitFor(() => filesOnDisk().length === 0, 10_000, `no files left (${filesOnDisk().join(', ')})`)
    expect(await db.sql`select prefix from storage_deletions`).toHaveLength(0)

    const together = await Promise.all(Array.from({ length: POOL * 2 }, () => call(app.url, '/users/api/auth/profile/', { token: access, timeoutMs: 5_000 })))
    expect(together.map((r) => r.failure ?? r.status)).toEqual(Array(POOL * 2).fill(200))
    const stuck = await db.sql`select count(*)::int as n from pg_stat_activity where application_name = 'meridian' and state like 'idle in transaction%'`
    expect(stuck[0]!.n).toBe(0)
    expect(app.alive()).toBe(true)
  })

  it('mid-download: no file handle or socket left behind, and the next download is whole', async () => {
    const up = await uploadFiles(app.url, access, [{ name: 'noise.jpg', data: await noisyJpeg() }])
    expect(up.status).toBe(201)
    const item = await waitUntilProcessed(app.url, access, up.body.results[0]!.id!)
    expect(item.status).toBe('ready')
    const target = `/media/${item.id}/original`
    const warm = await Promise.all(Array.from({ length: 10 }, () => call(app.url, target, { token: access })))
    expect(warm.map((w) => w.status)).toEqual(Array(10).fill(200))
    const size = Number(warm[0]!.headers.get('Content-Length'))
    expect(size).toBeGreaterThan(2 * 1024 * 1024)
    const before = app.openFiles()

    for (let round = 0; round < 6; round++) {
      const got = await Promise.all(Array.from({ length: 10 }, () => abandonedDownload(app.url, target, access)))
      expect(got.every((n) => n > 0 && n < size)).toBe(true)
    }
    await waitFor(() => app.openFiles() <= before + 2, 10_000, `open files back near ${before} (now ${app.openFiles()})`)
    const whole = await fetch(`${app.url}${target}`, { headers: { Authorization: `Bearer ${access}` } })
    expect(whole.status).toBe(200)
    expect((await whole.arrayBuffer()).byteLength).toBe(size)
    expect(app.alive()).toBe(true)
    // Neither the uploads nor the downloads piled up listeners on their streams.
    expect(app.output()).not.toContain('MaxListenersExceededWarning')
  })
})
