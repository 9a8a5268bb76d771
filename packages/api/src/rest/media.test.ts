import http from 'node:http'
import net from 'node:net'
import { createS3Storage, type ObjectStorage } from '@meridian/storage'
import { startTestS3, type TestS3 } from '@meridian/storage/testing'
import { mediaItems } from '@meridian/db'
import { MEDIA_MESSAGES, startMediaWorker, type MediaWorker } from '@meridian/core'
import { MEDIA_BODY_LIMIT_BYTES } from '@meridian/validators'
import { insertTestActivity, jpegWithPrivateMetadata, png } from '@meridian/core/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

let s3: TestS3
let server: TestServer
let bucket: ObjectStorage
let worker: MediaWorker
let admin: string
let traveler: string
let activityId: number

beforeAll(async () => {
  s3 = await startTestS3()
  server = await startTestServer({
    env: {
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  })
  bucket = createS3Storage(s3.options)
  // PostgreSQL runs go through pg-boss, as production does; PGlite runs use the in-process worker.
  worker = await startMediaWorker(server.app, { pollMs: 200, databaseUrl: server.handle.url })
  admin = (await server.login('admin')).access
  traveler = (await server.login('traveler')).access
  activityId = await insertTestActivity(server.handle.db, 'Harbour Tour')
})

afterAll(async () => {
  await worker?.stop()
  await server?.close()
  await s3?.close()
})

interface Part {
  name: string
  filename?: string
  type?: string
  data: Buffer | string
}

function form(parts: Part[]) {
  const body = new FormData()
  for (const p of parts) {
    if (p.filename) body.append(p.name, new Blob([typeof p.data === 'string' ? p.data : new Uint8Array(p.data)], { type: p.type ?? 'application/octet-stream' }), p.filename)
    else body.append(p.name, String(p.data))
  }
  return body
}

async function upload(parts: Part[], token = admin) {
  const res = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body: form(parts), headers: { Authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as any }
}

const rowCount = async () => (await server.handle.db.select().from(mediaItems)).length
const objects = () => bucket.list('media')

/** Raw multipart bytes, for requests fetch cannot make (cut short, abandoned). */
function multipart(boundary: string, parts: { filename: string; data: Buffer }[]) {
  return Buffer.concat(
    parts.flatMap((p) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      p.data,
      Buffer.from('\r\n'),
    ]),
  )
}

/**
 * A request written on a raw socket (head and the start of a body, never the rest): the status and JSON body of the
 * answer, or status 0 when none comes within `waitMs` (the server went on waiting for the body it was promised).
 */
function rawRequest(head: string[], body: string, waitMs = 10_000) {
  const { hostname, port } = new URL(server.url)
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    let text = ''
    const finish = () => {
      clearTimeout(timer)
      socket.destroy()
      const [headers = '', content = ''] = text.split('\r\n\r\n')
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(headers)?.[1] ?? 0)
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? -1)
      resolve({ status, body: status && content ? JSON.parse(length >= 0 ? content.slice(0, length) : content) : null })
    }
    const timer = setTimeout(finish, waitMs)
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8')
      const end = text.indexOf('\r\n\r\n')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? -1)
      if (end >= 0 && length >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) finish()
    })
    socket.on('end', finish)
    socket.on('error', (error) => (text ? finish() : reject(error)))
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`)
  })
}

describe('POST /api/media/bulk_upload/ on S3', () => {
  it('stores each file in the bucket and answers a result per file, types decided by the bytes', async () => {
    const before = (await objects()).length
    const res = await upload([
      { name: 'files', filename: 'harbour.jpg', type: 'image/jpeg', data: await jpegWithPrivateMetadata() },
      { name: 'files', filename: 'virus.png', type: 'image/png', data: 'MZ this is not a picture' },
      { name: 'files', filename: 'logo.png', type: 'image/png', data: await png() },
      { name: 'content_type', data: 'core.activity' },
      { name: 'object_id', data: String(activityId) },
    ])
    expect(res.status).toBe(201)
    expect(res.body.results.map((r: any) => [r.filename, r.success])).toEqual([
      ['harbour.jpg', true],
      ['virus.png', false],
      ['logo.png', true],
    ])
    expect(res.body.results[1].error).toBe(MEDIA_MESSAGES.unsupportedType)
    expect(res.body).toMatchObject({ uploaded: 2, failed: 1 })
    expect(res.body.results[0].media).toMatchObject({ content_type: 'core.activity', object_id: activityId, status: 'pending' })
    expect((await objects()).length).toBe(before + 2)
  })

  it('processes uploads to ready and serves previews (cached) and the original (a download) from S3', async () => {
    const res = await upload([{ name: 'files', filename: 'Cliffs.jpg', data: await jpegWithPrivateMetadata(80, 50) }])
    const id = res.body.results[0].id
    await worker.idle()
    const item = await server.request(`/api/media/${id}/`, { token: admin })
    expect(item.status).toBe(200)
    expect(item.body).toMatchObject({ status: 'ready', media_type: 'photo', metadata: { dimensions: '50x80' } })
    expect(item.body.preview_url).toBe(`${server.url}/media/${id}/preview?v=1`)

    const preview = await fetch(item.body.preview_url, { headers: { Authorization: `Bearer ${admin}` } })
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/webp')
    // Not attached to anything public: browsers may keep it, shared caches may not.
    expect(preview.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff')

    const original = await fetch(item.body.urls.original, { headers: { Authorization: `Bearer ${admin}` } })
    expect(original.headers.get('content-disposition')).toMatch(/^attachment; filename="Cliffs.jpg"/)
    expect(original.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await original.arrayBuffer())
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false)

    const part = await fetch(item.body.urls.original, { headers: { Authorization: `Bearer ${admin}`, Range: 'bytes=0-9' } })
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 10))
    // Not attached to anything: nobody but media managers may fetch it.
    expect((await fetch(item.body.preview_url)).status).toBe(401)
    expect((await fetch(item.body.preview_url, { headers: { Authorization: `Bearer ${traveler}` } })).status).toBe(404)
  })

  it('refuses an unknown content type and keeps nothing of the request', async () => {
    const [rows, stored] = [await rowCount(), (await objects()).length]
    const res = await upload([
      { name: 'content_type', data: 'core.nothing' },
      { name: 'object_id', data: '1' },
      { name: 'files', filename: 'a.png', data: await png() },
    ])
    expect(res.status).toBe(400)
    expect(res.body.content_type[0]).toMatch(/^Unknown content type "core.nothing"/)
    expect(await rowCount()).toBe(rows)
    expect((await objects()).length).toBe(stored)
  })

  it('answers 400 without files, 415 for a JSON body, 413 above 1 GiB, 401/403 for the wrong caller', async () => {
    expect((await upload([{ name: 'title', data: 'x' }])).body).toEqual({ files: [MEDIA_MESSAGES.noFiles] })
    const json = await server.request('/api/media/bulk_upload/', { token: admin, body: { files: [] } })
    expect(json.status).toBe(415)
    // fetch refuses a Content-Length its body does not match, so the size guard is reached over a raw socket: the
    // request announces one byte more than MEDIA_BODY_LIMIT_BYTES (1 GiB) and sends only a few bytes of it.
    const [rows, stored] = [await rowCount(), (await objects()).length]
    const huge = await rawRequest(
      [
        'POST /api/media/bulk_upload/ HTTP/1.1',
        `Host: ${new URL(server.url).host}`,
        `Authorization: Bearer ${admin}`,
        'Content-Type: multipart/form-data; boundary=b',
        `Content-Length: ${MEDIA_BODY_LIMIT_BYTES + 1}`,
      ],
      '--b\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n',
    )
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ detail: 'Request body is too large.' })
    expect(await rowCount()).toBe(rows)
    expect((await objects()).length).toBe(stored)
    const denied = await upload([{ name: 'files', filename: 'a.png', data: await png() }], traveler)
    expect(denied).toEqual({ status: 403, body: { detail: "You don't have permission to manage media." } })
    const anonymous = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body: form([]) })
    expect(anonymous.status).toBe(401)
  })

  it('a body cut short before its closing boundary is refused whole: 400, no row, no object', async () => {
    const [rows, stored] = [await rowCount(), (await objects()).length]
    const boundary = 'cutshort'
    const whole = multipart(boundary, [{ filename: 'ok.png', data: await png() }])
    const broken = multipart(boundary, [{ filename: 'cut.png', data: Buffer.concat([await png(), Buffer.alloc(200_000)]) }]).subarray(0, 150_000)
    const answer = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/media/bulk_upload/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      })
      req.on('response', async (res) => {
        let text = ''
        for await (const chunk of res) text += chunk
        resolve({ status: res.statusCode!, body: JSON.parse(text) })
      })
      req.on('error', reject)
      req.end(Buffer.concat([whole, broken]))
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ detail: 'Multipart form parse error - the body ended before its closing boundary.' })
    expect(await rowCount()).toBe(rows)
    expect((await objects()).length).toBe(stored)
  })

  it('a client that goes away mid-file leaves no row and no object', async () => {
    await worker.idle()
    const [rows, stored] = [await rowCount(), (await objects()).length]
    const boundary = 'gone'
    const req = http.request(`${server.url}/api/media/bulk_upload/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    })
    req.on('error', () => {})
    const head = multipart(boundary, [{ filename: 'big.png', data: Buffer.concat([await png(), Buffer.alloc(12 * 1024 * 1024)]) }])
    req.write(head.subarray(0, 8 * 1024 * 1024))
    await new Promise((r) => setTimeout(r, 400))
    req.destroy()
    let settled = false
    for (let i = 0; i < 50 && !settled; i++) {
      await new Promise((r) => setTimeout(r, 100))
      settled = (await rowCount()) === rows && (await objects()).length === stored
    }
    expect(await rowCount()).toBe(rows)
    expect((await objects()).length).toBe(stored)
  })
})

describe('the other media calls', () => {
  it('lists with DRF pagination and filters; travellers may not list the library', async () => {
    const res = await server.request('/api/media/?type=photo&page_size=2', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.results).toHaveLength(2)
    expect(res.body.count).toBeGreaterThan(2)
    expect(res.body.next).toBe(`${server.url}/api/media/?type=photo&page_size=2&page=2`)
    expect(res.body.previous).toBeNull()
    expect((await server.request('/api/media/?status=bogus', { token: admin })).status).toBe(400)
    expect((await server.request('/api/media/', { token: traveler })).status).toBe(403)
    expect((await server.request('/api/media/')).status).toBe(401)
  })

  it('gallery of an activity is open to everyone, ready items only', async () => {
    await worker.idle()
    const res = await server.request(`/api/media/gallery/?content_type=core.activity&object_id=${activityId}`)
    expect(res.status).toBe(200)
    expect(res.body.map((m: any) => m.title)).toEqual(['harbour', 'logo'])
    expect(res.body[0].content_object_name).toBe('Harbour Tour')
    const preview = await fetch(res.body[0].preview_url)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('PATCH edits and validates order; reprocess of a ready item is a conflict; stats need a manager', async () => {
    const list = await server.request('/api/media/?search=harbour', { token: admin })
    const id = list.body.results[0].id
    const bad = await server.request(`/api/media/${id}/`, { method: 'PATCH', token: admin, body: { order: -2 } })
    expect(bad).toMatchObject({ status: 400, body: { order: ['Display order must be a whole number of at least 0.'] } })
    const ok = await server.request(`/api/media/${id}/`, { method: 'PATCH', token: admin, body: { title: 'Harbour at dawn', is_featured: true, order: 2 } })
    expect(ok.body).toMatchObject({ title: 'Harbour at dawn', is_featured: true, order: 2 })
    const again = await server.request(`/api/media/${id}/reprocess/`, { method: 'POST', token: admin })
    expect(again).toMatchObject({ status: 409, body: { detail: MEDIA_MESSAGES.notReprocessable } })
    const stats = await server.request('/api/media/stats/', { token: admin })
    expect(Object.keys(stats.body).sort()).toEqual(['photos', 'processing_queue', 'total', 'videos'])
    expect((await server.request('/api/media/stats/', { token: (await server.login('specialist')).access })).status).toBe(403)
  })

  it('DELETE removes the item and its objects in the bucket', async () => {
    const list = await server.request('/api/media/?search=logo', { token: admin })
    const id = list.body.results[0].id
    const before = await objects()
    const res = await server.request(`/api/media/${id}/`, { method: 'DELETE', token: admin })
    expect(res.status).toBe(204)
    expect((await server.request(`/api/media/${id}/`, { token: admin })).status).toBe(404)
    const after = await objects()
    expect(after.length).toBeLessThan(before.length)
    expect(before.length - after.length).toBe(5)
  })

  it('the worker is pg-boss on PostgreSQL and in-process on the embedded database', () => {
    expect(worker.kind).toBe(server.handle.driver === 'postgres' ? 'pg-boss' : 'in-process')
  })

  it('tRPC: media.list, media.update and media.stats with the same rules', async () => {
    const call = (path: string, token: string, input?: unknown, method = 'GET') =>
      method === 'GET'
        ? server.request(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, { token })
        : server.request(`/trpc/${path}`, { method, token, body: input })
    const list = await call('media.list', admin, { type: 'photo' })
    expect(list.status).toBe(200)
    const first = list.body.result.data.results[0]
    const updated = await call('media.update', admin, { id: first.id, data: { order: 4 } }, 'POST')
    expect(updated.body.result.data.order).toBe(4)
    const denied = await call('media.stats', traveler)
    expect(denied.status).toBe(403)
  })

  it('when S3 is down an upload fails per file, leaving no row', async () => {
    const rows = await rowCount()
    await s3.stop()
    const res = await upload([
      { name: 'files', filename: 'a.png', data: await png() },
      { name: 'files', filename: 'b.png', data: await png() },
    ])
    expect(res.status).toBe(200)
    expect(res.body.results.map((r: any) => r.error)).toEqual([MEDIA_MESSAGES.storageUnavailable, MEDIA_MESSAGES.storageUnavailable])
    expect(await rowCount()).toBe(rows)
  })
})
