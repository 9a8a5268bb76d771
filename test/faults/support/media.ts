import http from 'node:http'
import sharp from 'sharp'
import { call } from './http.ts'

/** A small real PNG: it processes to ready in a blink. */
export function smallPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } }).png().toBuffer()
}

/** A photo of noise (incompressible): its processed original stays several megabytes, for long downloads. */
export async function noisyJpeg(width = 2400, height = 1800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i)
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer()
}

/** Upload whole files through POST /api/media/bulk_upload/ (fetch's own multipart). */
export async function uploadFiles(base: string, token: string, files: Array<{ name: string; data: Buffer }>) {
  const form = new FormData()
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)]), f.name)
  const res = await fetch(`${base}/api/media/bulk_upload/`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as { results: Array<{ success: boolean; id?: number; error?: string }>; uploaded: number; failed: number } }
}

/** Wait until a media item is ready (or failed), by the REST detail call. */
export async function waitUntilProcessed(base: string, token: string, id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await call(base, `/api/media/${id}/`, { token })
    if (res.status === 200 && ['ready', 'failed'].includes(res.body.status)) return res.body
    if (Date.now() > deadline) throw new Error(`media ${id} not processed within ${timeoutMs} ms: ${JSON.stringify(res.body)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * A multipart upload written by hand, piece by piece (chunked), so a test can do something between the pieces:
 * stop the store, or hang up.
 */
export function streamingUpload(base: string, token: string, filename: string) {
  const boundary = `faults${Math.random().toString(16).slice(2)}`
  const url = new URL('/api/media/bulk_upload/', base)
  const req = http.request(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
  })
  const answer = new Promise<{ status: number; body: any } | { error: string }>((resolve) => {
    req.on('response', (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null') }))
      res.on('error', (e) => resolve({ error: e.message }))
    })
    req.on('error', (e) => resolve({ error: e.message }))
  })
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  return {
    answer,
    /** Send bytes of the file and wait until the socket took them. */
    send(bytes: Buffer): Promise<void> {
      return new Promise((resolve, reject) => req.write(bytes, (e) => (e ? reject(e) : resolve())))
    },
    /** Close the file part and the body. */
    end() {
      req.end(`\r\n--${boundary}--\r\n`)
      return answer
    },
    /** Hang up mid-body, as a browser tab closed during the upload. */
    abort() {
      req.destroy()
    },
  }
}

/** Start a download and hang up after the first bytes arrive; resolves with how many bytes came. */
export function abandonedDownload(base: string, path: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(new URL(path, base), { headers: { Authorization: `Bearer ${token}` } }, (res) => {
      res.once('data', (chunk: Buffer) => {
        req.destroy()
        resolve(chunk.length)
      })
      res.once('end', () => resolve(-1))
    })
    req.on('error', () => resolve(0))
  })
}
