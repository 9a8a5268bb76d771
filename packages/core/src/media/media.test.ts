import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { and, count, countries, type DatabaseHandle, eq, locations, mediaItems, ne, storageDeletions, suppliers, users } from '@meridian/db'
import { createTestDatabase } from '@meridian/db/testing'
import { createLocalStorage, type ObjectStorage, StorageUnavailableError } from '@meridian/storage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppServices, serviceContext } from '../app.ts'
import { loadActor } from '../auth/load-actor.ts'
import { loadConfig } from '../config.ts'
import type { AppServices, ServiceContext } from '../context.ts'
import { seedDemoUsers } from '../seed/demo-users.ts'
import { MEDIA_MESSAGES } from '../messages.ts'
import { getMediaGallery, getMediaStats, listMedia, getMedia } from './list-media.ts'
import { claimNextMedia, processClaimedMedia } from './process-media.ts'
import { flushStorageDeletions } from './storage-cleanup.ts'
import { brokenFile, file, generatedFile, jpegWithPrivateMetadata, png } from './test-helpers.ts'
import { deleteMedia, deleteMediaItems, reprocessMedia, updateMedia } from './update-media.ts'
import { beginMediaUpload, type IncomingFile } from './upload-media.ts'
import { getMediaFile } from './read-media-file.ts'
import { insertTestActivity } from '../activities/test-helpers.ts'

let handle: DatabaseHandle
let app: AppServices
let dataDir: string
let storageRoot: string

async function as(username: string | null): Promise<ServiceContext> {
  const meta = { ipAddress: '127.0.0.1', userAgent: 'vitest' }
  if (!username) return serviceContext(app, null, meta)
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return serviceContext(app, await loadActor(handle.db, row!.id), meta)
}

async function upload(ctx: ServiceContext, files: IncomingFile[], fields: Record<string, string> = {}) {
  const session = beginMediaUpload(ctx)
  for (const [k, v] of Object.entries(fields)) session.setField(k, v)
  for (const f of files) await session.receiveFile(f)
  return session.finish()
}

/** Process everything claimable, as a worker would. */
async function processAll() {
  for (let row = await claimNextMedia(app); row; row = await claimNextMedia(app)) await processClaimedMedia(app, row)
}

const storedKeys = () => createLocalStorage(storageRoot).list('media')
const row = async (id: number) => (await handle.db.select().from(mediaItems).where(eq(mediaItems.id, id)))[0]

beforeAll(async () => {
  handle = await createTestDatabase()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-media-'))
  storageRoot = path.join(dataDir, 'media')
  app = createAppServices(handle, loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: dataDir }))
  await seedDemoUsers(handle.db)
})

afterAll(async () => {
  await handle?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('upload and processing of photos', () => {
  it('stores a photo, then makes it ready: upright, private metadata gone, preview and thumbnails', async () => {
    const ctx = await as('admin')
    const answer = await upload(ctx, [file('beach day.jpg', await jpegWithPrivateMetadata(60, 40))])
    expect(answer).toMatchObject({ uploaded: 1, failed: 0 })
    const [result] = answer.results
    expect(result).toMatchObject({ success: true, filename: 'beach day.jpg' })
    expect(result!.media).toMatchObject({ title: 'beach day', media_type: 'photo', status: 'pending', mime_type: 'image/jpeg' })

    await processAll()
    const item = await getMedia(ctx, result!.id!)
    expect(item.status).toBe('ready')
    // Orientation 6 turns the 60x40 picture upright: 40 wide, 60 high.
    expect(item.metadata).toMatchObject({ width: 40, height: 60, dimensions: '40x60', orientation: 6, location_removed: true })
    expect(Object.keys(item.urls).sort()).toEqual(['original', 'preview', 'thumbnail_large', 'thumbnail_medium', 'thumbnail_small'])
    expect(item.preview_url).toBe(`/media/${item.id}/preview?v=1`)

    const served = await getMediaFile(ctx, item.id, 'original')
    const bytes = Buffer.concat(await (await served.open()).toArray())
    const meta = await sharp(bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect([meta.width, meta.height]).toEqual([40, 60])
    expect(served).toMatchObject({ disposition: 'attachment', filename: 'beach day.jpg', mime: 'image/jpeg' })
    const thumb = async (name: string) => sharp(Buffer.concat(await (await (await getMediaFile(ctx, item.id, name)).open()).toArray())).metadata()
    const medium = await thumb('thumbnail_medium')
    expect([medium.format, medium.width, medium.height]).toEqual(['webp', 40, 60])
    const small = await thumb('thumbnail_small')
    expect([small.format, small.width, small.height]).toEqual(['webp', 150, 150])
    // The raw upload (with its GPS position) is gone once the sanitised copy exists.
    const keys = await storedKeys()
    const uuid = (await row(item.id))!.uuid
    expect(keys.filter((k) => k.includes(uuid)).map((k) => k.split('/').pop())).toEqual([
      'original.jpg',
      'preview.webp',
      'thumb-150.webp',
      'thumb-400.webp',
      'thumb-800.webp',
    ])
  })

  it('decides the type by the bytes: a text file named .jpg is refused, a PNG named .txt is taken', async () => {
    const ctx = await as('admin')
    const before = await storedKeys()
    const answer = await upload(ctx, [
      file('notes.jpg', Buffer.from('just some text, not a picture at all'), 1024, 'image/jpeg'),
      file('picture.txt', await png(), 1024, 'text/plain'),
    ])
    expect(answer.results.map((r) => [r.filename, r.success, r.error ?? null])).toEqual([
      ['notes.jpg', false, MEDIA_MESSAGES.unsupportedType],
      ['picture.txt', true, null],
    ])
    expect(answer.results[1]!.media).toMatchObject({ mime_type: 'image/png', media_type: 'photo' })
    expect((await storedKeys()).length).toBe(before.length + 1)
  })

  it('refuses an empty file and one over 100 MB, leaving no row and no object, and keeps the others', async () => {
    const ctx = await as('expert')
    const rowsBefore = (await handle.db.select().from(mediaItems)).length
    const keysBefore = await storedKeys()
    const jpegHead = (await jpegWithPrivateMetadata()).subarray(0, 64)
    const answer = await upload(ctx, [
      file('empty.png', Buffer.alloc(0)),
      generatedFile('huge.jpg', jpegHead, 100 * 1024 * 1024 + 1),
      file('fine.png', await png()),
    ])
    expect(answer.results.map((r) => r.error ?? 'ok')).toEqual([MEDIA_MESSAGES.emptyFile, MEDIA_MESSAGES.fileTooLarge, 'ok'])
    expect((await handle.db.select().from(mediaItems)).length).toBe(rowsBefore + 1)
    expect((await storedKeys()).length).toBe(keysBefore.length + 1)
  })

  it('takes a file of exactly 100 MB', async () => {
    const ctx = await as('admin')
    const head = (await png()).subarray(0, 64)
    const answer = await upload(ctx, [generatedFile('exact.png', head, 100 * 1024 * 1024)])
    expect(answer.results[0]).toMatchObject({ success: true })
    expect(answer.results[0]!.media!.file_size).toBe(100 * 1024 * 1024)
    await deleteMedia(ctx, answer.results[0]!.id!)
  })

  it('a file cut off mid-way (client gone) leaves nothing behind; the files before it stay', async () => {
    const ctx = await as('admin')
    const rowsBefore = (await handle.db.select().from(mediaItems)).length
    const keysBefore = await storedKeys()
    const answer = await upload(ctx, [file('first.png', await png()), brokenFile('second.jpg', (await jpegWithPrivateMetadata()).subarray(0, 64))])
    expect(answer.results.map((r) => r.error ?? 'ok')).toEqual(['ok', MEDIA_MESSAGES.interrupted])
    expect((await handle.db.select().from(mediaItems)).length).toBe(rowsBefore + 1)
    expect((await storedKeys()).length).toBe(keysBefore.length + 1)
  })

  it('a picture that cannot be decoded ends failed with a reason, and can be reprocessed', async () => {
    const ctx = await as('admin')
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)])
    const { results } = await upload(ctx, [file('broken.jpg', corrupt)])
    await processAll()
    const failed = await getMedia(ctx, results[0]!.id!)
    expect(failed.status).toBe('failed')
    expect(failed.failure_reason).toMatch(/could not be read/)
    const again = await reprocessMedia(ctx, failed.id)
    expect(again).toMatchObject({ status: 'pending', failure_reason: null })
    await processAll()
    expect((await getMedia(ctx, failed.id)).status).toBe('failed')
  })

  it('only failed or pending items can be reprocessed', async () => {
    const ctx = await as('admin')
    const { results } = await upload(ctx, [file('ok.png', await png())])
    await processAll()
    await expect(reprocessMedia(ctx, results[0]!.id!)).rejects.toMatchObject({ code: 'conflict', message: MEDIA_MESSAGES.notReprocessable })
    await expect(reprocessMedia(ctx, 999_999)).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('attachment to catalogue objects', () => {
  it('attaches uploads to a real content type and object; an unknown type removes what was stored', async () => {
    const ctx = await as('admin')
    const activityId = await insertTestActivity(handle.db, 'Harbour Tour')
    const attached = await upload(ctx, [file('a.png', await png())], { content_type: 'core.activity', object_id: String(activityId) })
    expect(attached.results[0]!.media).toMatchObject({ content_type: 'core.activity', object_id: activityId })
    await expect(upload(ctx, [file('x.png', await png())], { content_type: 'core.activity', object_id: '999999' })).rejects.toMatchObject({
      fields: { object_id: ['No activity with id 999999.'] },
    })

    const keysBefore = await storedKeys()
    const rowsBefore = (await handle.db.select().from(mediaItems)).length
    const session = beginMediaUpload(ctx)
    await session.receiveFile(file('b.png', await png()))
    session.setField('content_type', 'core.spaceship')
    session.setField('object_id', '7')
    await expect(session.finish()).rejects.toMatchObject({ code: 'invalid', fields: { content_type: [expect.stringContaining('Unknown content type')] } })
    expect(await storedKeys()).toEqual(keysBefore)
    expect((await handle.db.select().from(mediaItems)).length).toBe(rowsBefore)

    await expect(upload(ctx, [file('c.png', await png())], { content_type: 'core.activity' })).rejects.toMatchObject({
      fields: { object_id: [expect.any(String)] },
    })
  })

  it('asks the pluggable lookup whether the object exists', async () => {
    const ctx = await as('admin')
    const original = app.contentObjects.exists
    app.contentObjects.exists = async (_db, _type, id) => id === 1
    try {
      await expect(upload(ctx, [file('d.png', await png())], { content_type: 'core.country', object_id: '2' })).rejects.toMatchObject({
        fields: { object_id: ['No country with id 2.'] },
      })
    } finally {
      app.contentObjects.exists = original
    }
  })

  it('gallery: ready media of one object, featured first then by display order; travellers see it too', async () => {
    const admin = await as('admin')
    const [country] = await handle.db.insert(countries).values({ name: 'Portugal', continent: 'Europe' }).returning({ id: countries.id })
    const [place] = await handle.db.insert(locations).values({ name: 'Lisbon', countryId: country!.id }).returning({ id: locations.id })
    const at = String(place!.id)
    const { results } = await upload(
      admin,
      [file('one.png', await png()), file('two.png', await png()), file('three.png', await png())],
      { content_type: 'core.location', object_id: at },
    )
    const unordered = (await upload(admin, [file('zero.png', await png())], { content_type: 'core.location', object_id: at })).results[0]!.id!
    const [one, two, three] = results.map((r) => r.id!)
    await processAll()
    await upload(admin, [file('late.png', await png())], { content_type: 'core.location', object_id: at })
    await updateMedia(admin, one!, { order: 5 })
    await updateMedia(admin, two!, { order: 1 })
    await updateMedia(admin, three!, { is_featured: true, order: 9 })
    const traveler = await as('traveler')
    const gallery = await getMediaGallery(traveler, { content_type: 'core.location', object_id: at })
    expect(gallery.map((m) => m.id)).toEqual([three, unordered, two, one])
    expect(gallery.every((m) => m.status === 'ready')).toBe(true)
    expect(gallery[0]!.content_object_name).toBe('Lisbon')
    // Nothing attaches to a location that does not exist.
    await expect(upload(admin, [file('x.png', await png())], { content_type: 'core.location', object_id: String(place!.id + 1000) })).rejects.toMatchObject({
      fields: { object_id: [expect.any(String)] },
    })
    // Travelers stop seeing the media of a location once it is deactivated.
    await handle.db.update(locations).set({ isActive: false }).where(eq(locations.id, place!.id))
    await expect(getMediaGallery(traveler, { content_type: 'core.location', object_id: at })).rejects.toMatchObject({ code: 'forbidden' })
    await handle.db.update(locations).set({ isActive: true }).where(eq(locations.id, place!.id))
    // The manager's gallery also shows what is still waiting.
    expect((await getMediaGallery(admin, { content_type: 'core.location', object_id: at })).length).toBe(5)
    // A traveller may not see what is attached to a supplier, nor the library as a whole.
    const [supplier] = await handle.db.insert(suppliers).values({ name: 'Tagus Boats' }).returning({ id: suppliers.id })
    await expect(getMediaGallery(traveler, { content_type: 'core.supplier', object_id: String(supplier!.id) })).rejects.toMatchObject({ code: 'forbidden' })
    await expect(listMedia(traveler, {})).rejects.toMatchObject({ code: 'forbidden', message: MEDIA_MESSAGES.deniedBody })
    // Nor an item of the library that belongs to nothing.
    const loose = (await upload(admin, [file('loose.png', await png())])).results[0]!.id!
    await processAll()
    await expect(getMedia(traveler, loose)).rejects.toMatchObject({ code: 'not_found' })
    expect((await getMedia(traveler, three!)).id).toBe(three)
    await expect(getMediaFile(await as(null), loose, 'preview')).rejects.toMatchObject({ code: 'unauthenticated' })
    expect((await getMediaFile(await as(null), three!, 'preview')).cache).toBe('public')
  })
})

describe('list, edit, stats, delete', () => {
  it('lists with type, status and search filters, 24 a page by default', async () => {
    const ctx = await as('editor')
    const { results } = await upload(ctx, [file('Sunset over Santorini.png', await png()), file('sunrise.png', await png())])
    const page = await listMedia(ctx, { search: 'santorini' })
    expect(page.results.map((m) => m.id)).toEqual([results[0]!.id])
    expect(page.page_size).toBe(24)
    // Both photos just uploaded wait for processing: the filter lists them, and exactly the pending photos there are.
    const pending = await listMedia(ctx, { status: 'pending', type: 'photo', page_size: 500 })
    const pendingIds = pending.results.map((m) => m.id)
    expect(pendingIds).toEqual(expect.arrayContaining(results.map((r) => r.id!)))
    const pendingPhotos = await handle.db.select({ id: mediaItems.id }).from(mediaItems).where(and(eq(mediaItems.status, 'pending'), eq(mediaItems.mediaType, 'photo')))
    expect([...pendingIds].sort((a, b) => a - b)).toEqual(pendingPhotos.map((r) => r.id).sort((a, b) => a - b))
    expect(pending.results.every((m) => m.status === 'pending' && m.media_type === 'photo')).toBe(true)
    expect((await listMedia(ctx, { type: 'video' })).count).toBe(0)
    await expect(listMedia(ctx, { type: 'audio' })).rejects.toMatchObject({ code: 'invalid' })
    const small = await listMedia(ctx, { page_size: 2, page: 2 })
    expect(small.results.length).toBe(2)
    await expect(listMedia(ctx, { page: 9999 })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('edits title, description, featured and order; order must be a whole number >= 0', async () => {
    const ctx = await as('admin')
    const { results } = await upload(ctx, [file('edit-me.png', await png())])
    const id = results[0]!.id!
    const edited = await updateMedia(ctx, id, { title: '  Harbour  ', description: 'Morning light', is_featured: true, order: '3' })
    expect(edited).toMatchObject({ title: 'Harbour', description: 'Morning light', is_featured: true, order: 3 })
    for (const order of [-1, 1.5, 'abc', '']) {
      await expect(updateMedia(ctx, id, { order })).rejects.toMatchObject({
        code: 'invalid',
        fields: { order: ['Display order must be a whole number of at least 0.'] },
      })
    }
    await expect(updateMedia(ctx, 987_654, { title: 'x' })).rejects.toMatchObject({ code: 'not_found' })
  })

  it('stats count photos, videos and the processing queue', async () => {
    const ctx = await as('admin')
    const before = await getMediaStats(ctx)
    await upload(ctx, [file('queued.png', await png())])
    const after = await getMediaStats(ctx)
    expect(after).toEqual({ ...before, total: before.total + 1, photos: before.photos + 1, processing_queue: before.processing_queue + 1 })
  })

  it('delete removes the row and every stored object of the item', async () => {
    const ctx = await as('admin')
    const { results } = await upload(ctx, [file('gone.jpg', await jpegWithPrivateMetadata())])
    await processAll()
    const uuid = (await row(results[0]!.id!))!.uuid
    expect((await storedKeys()).some((k) => k.includes(uuid))).toBe(true)
    await deleteMedia(ctx, results[0]!.id!)
    expect(await row(results[0]!.id!)).toBeUndefined()
    expect((await storedKeys()).some((k) => k.includes(uuid))).toBe(false)
    await expect(deleteMedia(ctx, results[0]!.id!)).rejects.toMatchObject({ code: 'not_found' })
  })

  it('when storage is down, delete still removes the rows and the objects go once it is back', async () => {
    const ctx = await as('admin')
    const { results } = await upload(ctx, [file('x.png', await png()), file('y.png', await png())])
    const uuids = await Promise.all(results.map(async (r) => (await row(r.id!))!.uuid))
    const real = app.storage
    const down: ObjectStorage = { ...real, deletePrefix: async () => Promise.reject(new StorageUnavailableError('S3 is down')) }
    app.storage = down
    try {
      const { deleted } = await deleteMediaItems(await as('admin'), { ids: results.map((r) => r.id!) })
      expect(deleted.sort()).toEqual(results.map((r) => r.id!).sort())
      expect(await handle.db.select().from(storageDeletions)).toHaveLength(2)
      expect(await flushStorageDeletions(app)).toBe(0)
    } finally {
      app.storage = real
    }
    await handle.db.update(storageDeletions).set({ nextAttemptAt: new Date(0) })
    expect(await flushStorageDeletions(app)).toBe(2)
    expect(await handle.db.select().from(storageDeletions)).toHaveLength(0)
    const keys = await storedKeys()
    expect(uuids.some((u) => keys.some((k) => k.includes(u)))).toBe(false)
  })
})

describe('access', () => {
  it('superadmin, admin, expert and editors (manage_content) manage media; specialists and travellers do not', async () => {
    // Each of them reads the same figures: every item of the library but the uploads still in progress.
    await upload(await as('admin'), [file('counted.png', await png())])
    const [{ n: total }] = (await handle.db
      .select({ n: count() })
      .from(mediaItems)
      .where(ne(mediaItems.status, 'uploading'))) as [{ n: number }]
    expect(total).toBeGreaterThan(0)
    for (const name of ['superadmin', 'admin', 'expert', 'editor']) expect((await getMediaStats(await as(name))).total).toBe(total)
    for (const name of ['specialist', 'traveler']) {
      await expect(getMediaStats(await as(name))).rejects.toMatchObject({ code: 'forbidden', message: MEDIA_MESSAGES.deniedBody })
      const ctx = await as(name)
      expect(() => beginMediaUpload(ctx)).toThrow(MEDIA_MESSAGES.deniedBody)
      await expect(updateMedia(ctx, 1, { title: 'x' })).rejects.toMatchObject({ code: 'forbidden' })
      await expect(deleteMedia(ctx, 1)).rejects.toMatchObject({ code: 'forbidden' })
      await expect(reprocessMedia(ctx, 1)).rejects.toMatchObject({ code: 'forbidden' })
    }
    await expect(getMediaStats(await as(null))).rejects.toMatchObject({ code: 'unauthenticated' })
  })
})

describe('workers', () => {
  it('never hand one item to two claimers, and take over an item whose worker died', async () => {
    const ctx = await as('admin')
    await processAll()
    const { results } = await upload(ctx, await Promise.all(Array.from({ length: 8 }, async (_, i) => file(`w${i}.png`, await png()))))
    const ids = results.map((r) => r.id!)
    const claimed: number[] = []
    const claimer = async () => {
      for (let r = await claimNextMedia(app); r; r = await claimNextMedia(app)) claimed.push(r.id)
    }
    await Promise.all([claimer(), claimer(), claimer()])
    expect(claimed.sort((a, b) => a - b)).toEqual(ids)

    // All eight are now "processing" under a live lease: nobody may take them.
    expect(await claimNextMedia(app)).toBeNull()
    // Their worker "crashed": once the leases lapse another worker takes them over.
    await handle.db.update(mediaItems).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(mediaItems.status, 'processing'))
    await processAll()
    for (const id of ids) expect((await row(id))!.status).toBe('ready')
  })
})

const hasFfmpeg = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('videos', () => {
  it(hasFfmpeg ? 'reads duration and a poster frame with ffmpeg' : 'is ready without duration when ffmpeg is missing', async () => {
    const ctx = await as('admin')
    const clip = path.join(dataDir, 'clip.mp4')
    if (hasFfmpeg) {
      execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=160x120:rate=10', '-pix_fmt', 'yuv420p', '-y', clip])
    } else {
      fs.writeFileSync(clip, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(1000)]))
    }
    const { results } = await upload(ctx, [file('clip.mov', fs.readFileSync(clip))])
    expect(results[0]!.media).toMatchObject({ media_type: 'video', mime_type: 'video/mp4' })
    await processAll()
    const video = await getMedia(ctx, results[0]!.id!)
    expect(video.status).toBe('ready')
    if (hasFfmpeg) {
      expect(video.metadata).toMatchObject({ duration_formatted: '0:03', width: 160, height: 120, poster_frame: true })
      expect(video.urls.poster).toBeDefined()
      expect(video.preview_url).toBeDefined()
    } else {
      expect(video.metadata).toMatchObject({ video_tools: 'unavailable' })
    }
    expect((await getMediaFile(ctx, video.id, 'original')).mime).toBe('video/mp4')
  })

  it('is ready without duration and says so when the tools are missing', async () => {
    const ctx = await as('admin')
    const saved = app.config.ffprobePath
    app.config.ffprobePath = 'meridian-no-such-ffprobe'
    try {
      const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(500)])
      const { results } = await upload(ctx, [file('talk.webm', webm)])
      await processAll()
      const video = await getMedia(ctx, results[0]!.id!)
      expect(video).toMatchObject({ status: 'ready', mime_type: 'video/webm', metadata: { video_tools: 'unavailable' } })
      expect(video.metadata.note).toMatch(/not installed/)
    } finally {
      app.config.ffprobePath = saved
    }
  })
})
