import net from 'node:net'
import { mediaItems, storageDeletions } from '@meridian/db'
import { startMediaWorker } from '@meridian/core'
import { jpegWithPrivateMetadata, png } from '@meridian/core/testing'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../testing.ts'

/**
 * Uploads that break: the server answers or stays silent, keeps nothing of a broken request, stays up, and leaks
 * no listeners however many files pass through it (local disk storage).
 */
let server: TestServer
let editor: string
const warnings: string[] = []
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`)

beforeAll(async () => {
  server = await startTestServer()
  editor = (await server.login('editor')).access
  process.on('warning', onWarning)
})
afterAll(async () => {
  process.off('warning', onWarning)
  await server?.close()
})

const rowCount = async () => (await server.handle.db.select().from(mediaItems)).length
const storedFiles = async () => (await server.app.storage.list('media')).length
const part = (boundary: string, filename: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ])

/** Send raw bytes on a socket; resolve with the status line, or null when the server answered nothing. */
function raw(bytes: Buffer, closeAfterWrite: boolean): Promise<string | null> {
  const { port } = new URL(server.url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => resolve(answer ? answer.split('\r\n')[0]! : null))
    socket.write(bytes, () => {
      if (closeAfterWrite) socket.end()
    })
    setTimeout(() => socket.destroy(), 5_000)
  })
}

function request(boundary: string, body: Buffer, length = body.length) {
  return Buffer.concat([
    Buffer.from(
      `POST /api/media/bulk_upload/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${editor}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
    ),
    body,
  ])
}

/** Wait until the rows and stored files have been back at these counts for half a second (the server works on after the client has gone). */
async function settle(rows: number, files: number) {
  let steady = 0
  for (let i = 0; i < 100 && steady < 5; i++) {
    await new Promise((r) => setTimeout(r, 100))
    steady = (await rowCount()) === rows && (await storedFiles()) === files ? steady + 1 : 0
  }
}

/** Node's own answer to a request cut short by a half-closed socket is a bare 400; ours is none. Never a 2xx or 5xx. */
const refusedOrSilent = (status: string | null) => status === null || status === 'HTTP/1.1 400 Bad Request'

describe('broken uploads', () => {
  it('a client that closes the connection before the closing boundary: no crash, nothing kept, the server answers the next request', async () => {
    const [rows, files] = [await rowCount(), await storedFiles()]
    const body = Buffer.concat([part('b1', 'a.png', await png()), part('b1', 'b.png', Buffer.concat([await png(), Buffer.alloc(64 * 1024)]))])
    // The declared length is longer than what is sent: the client hangs up mid-body.
    const status = await raw(request('b1', body, body.length + 10_000), true)
    expect(refusedOrSilent(status), String(status)).toBe(true)
    await settle(rows, files)
    expect(await rowCount()).toBe(rows)
    expect(await storedFiles()).toBe(files)
    expect((await server.request('/api/media/stats/', { token: editor })).status).toBe(200)
  })

  it('a complete body without its closing boundary answers 400 in DRF shape and keeps nothing', async () => {
    const [rows, files] = [await rowCount(), await storedFiles()]
    const status = await raw(request('b2', Buffer.concat([part('b2', 'a.png', await png()), part('b2', 'b.png', await png())])), false)
    expect(status).toBe('HTTP/1.1 400 Bad Request')
    await settle(rows, files)
    expect(await rowCount()).toBe(rows)
    expect(await storedFiles()).toBe(files)
  })

  it('50 files, in one request and one by one, print no listener warning', async () => {
    const image = await png()
    const many = new FormData()
    for (let i = 0; i < 25; i++) many.append('files', new Blob([new Uint8Array(image)], { type: 'image/png' }), `many-${i}.png`)
    const res = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body: many, headers: { Authorization: `Bearer ${editor}` } })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { uploaded: number }).uploaded).toBe(25)
    for (let i = 0; i < 25; i++) {
      const one = new FormData()
      // Large enough to meet back-pressure on the way to storage many times.
      one.append('files', new Blob([new Uint8Array(Buffer.concat([image, Buffer.alloc(3 * 1024 * 1024)]))], { type: 'image/png' }), `one-${i}.png`)
      const answer = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body: one, headers: { Authorization: `Bearer ${editor}` } })
      expect(answer.status).toBe(201)
    }
    expect(warnings).toEqual([])
  })

  it('ids that cannot name a record answer 404, never reach the database', async () => {
    for (const id of ['9007199254740993', '2147483648', '0', '-1', '1e3', '0x10', '%201', '1.0', '%ff', '%E0%A4%A']) {
      for (const [method, path] of [
        ['POST', `/api/media/${id}/reprocess/`],
        ['DELETE', `/api/media/${id}/`],
        ['GET', `/api/media/${id}/`],
        ['PATCH', `/api/suppliers/${id}/`],
      ] as const) {
        const res = await server.request(path, { method, token: (await server.login('admin')).access, body: method === 'PATCH' ? {} : undefined })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body).toEqual({ detail: 'Not found.' })
      }
    }
  })
})

describe('deleting right after uploading (local disk, worker running)', () => {
  it('leaves no file and no postponed deletion, and says nothing about ENOTEMPTY', async () => {
    const worker = await startMediaWorker(server.app, { pollMs: 20, databaseUrl: server.handle.url })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      // Earlier tests' uploads are processed first: their renditions are not this test's business.
      await worker.idle()
      const files = await storedFiles()
      const big = await jpegWithPrivateMetadata(3000, 2000)
      for (let i = 0; i < 6; i++) {
        const body = new FormData()
        body.append('files', new Blob([new Uint8Array(big)], { type: 'image/jpeg' }), `quick-${i}.jpg`)
        const up = await fetch(`${server.url}/api/media/bulk_upload/`, { method: 'POST', body, headers: { Authorization: `Bearer ${editor}` } })
        const id = ((await up.json()) as { results: { id: number }[] }).results[0]!.id
        // Give the worker a moment to claim it and start writing renditions, then delete.
        await new Promise((r) => setTimeout(r, 60 * i))
        expect((await server.request(`/api/media/${id}/`, { method: 'DELETE', token: editor })).status).toBe(204)
      }
      await worker.idle()
      await settle(await rowCount(), files)
      expect(await storedFiles()).toBe(files)
      expect(await server.handle.db.select().from(storageDeletions)).toEqual([])
      expect(warn.mock.calls.map((c) => c.map(String).join(' ')).filter((line) => /postponed|ENOTEMPTY/.test(line))).toEqual([])
    } finally {
      warn.mockRestore()
      await worker.stop()
    }
  })
})

describe('media files', () => {
  it('a file address with an id that cannot exist, or a cookie no session could have written, answers 404', async () => {
    for (const id of ['9007199254740993', '0', '1e3', '%ff']) {
      expect((await server.request(`/media/${id}/original`)).status, id).toBe(404)
    }
    const res = await fetch(`${server.url}/media/1/original`, { headers: { Cookie: 'meridian_session=%E0%A4%A' } })
    expect(res.status).toBe(404)
  })
})

describe('request bodies', () => {
  it('a JSON body cut short by the client gets no answer, is not logged as a server failure, and changes nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { port } = new URL(server.url)
    const admin = (await server.login('admin')).access
    const payload = Buffer.from(JSON.stringify({ name: 'Half Supplier', country: 1 }))
    const status = await new Promise<string | null>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1')
      let answer = ''
      socket.on('data', (c) => (answer += c.toString('latin1')))
      socket.on('error', () => {})
      socket.on('close', () => resolve(answer ? answer.split('\r\n')[0]! : null))
      socket.write(
        `POST /api/suppliers/ HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${payload.length + 50}\r\n\r\n`,
      )
      socket.write(payload.subarray(0, 10), () => socket.end())
    })
    expect(refusedOrSilent(status), String(status)).toBe(true)
    await new Promise((r) => setTimeout(r, 200))
    log.mockRestore()
    expect(log.mock.calls.map((call) => call.map(String).join(' ')).filter((line) => line.includes('/api/suppliers/'))).toEqual([])
    expect((await server.request('/api/suppliers/?search=Half', { token: admin })).body.count).toBe(0)
  })

  it('JSON nested deeper than 64 levels is refused with 400 before any validator walks it', async () => {
    const admin = (await server.login('admin')).access
    const res = await server.request('/api/suppliers/', { token: admin, body: `${'{"a":'.repeat(100)}1${'}'.repeat(100)}` })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ detail: 'JSON parse error - nesting deeper than 64 levels' })
  })
})
