import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaItems } from '@meridian/db'
import { png } from '@meridian/core/testing'
import { type FullServer, startFullServer } from './support/full-server.ts'

/** The media screens' upload (session cookie): a broken multipart body is refused whole and keeps nothing. */
let server: FullServer

beforeAll(async () => {
  server = await startFullServer()
}, 120_000)
afterAll(() => server?.close())

const rows = async () => (await server.handle.db.select().from(mediaItems)).length
const files = async () => (await server.app.storage.list('media')).length

describe('uploads from the media screens', () => {
  it('a body cut before its closing boundary answers 400 and stores nothing, with or without JavaScript', async () => {
    const { cookie } = await server.credentials('editor')
    const image = await png()
    const boundary = 'webcut'
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="b.png"\r\nContent-Type: image/png\r\n\r\n`),
      image.subarray(0, 20),
    ])
    const [before, stored] = [await rows(), await files()]
    const headers = { Cookie: cookie, Origin: server.origin, 'Content-Type': `multipart/form-data; boundary=${boundary}` }
    const json = await fetch(`${server.url}/resources/media-upload`, { method: 'POST', body, headers: { ...headers, Accept: 'application/json' } })
    expect(json.status).toBe(400)
    expect(((await json.json()) as { detail: string }).detail).toBe('The upload could not be read: the form data was incomplete or malformed. Nothing was stored.')
    const form = await fetch(`${server.url}/resources/media-upload`, { method: 'POST', body, headers, redirect: 'manual' })
    expect(form.status).toBe(302)
    expect(form.headers.get('location')).toBe('/dashboard/media')
    expect(await rows()).toBe(before)
    expect(await files()).toBe(stored)
  })
})
