import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from './local.ts'
import { createS3Storage } from './s3.ts'
import { startTestS3, type TestS3 } from './testing.ts'
import { type ObjectStorage, StorageNotFoundError, StorageUnavailableError } from './types.ts'

async function text(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** A body of `size` bytes made on the fly, in 64 KiB chunks: never a whole buffer. */
function generated(size: number) {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= size) return this.push(null)
      const n = Math.min(65_536, size - sent)
      sent += n
      this.push(Buffer.alloc(n, sent % 251))
    },
  })
}

let s3: TestS3
let localRoot: string
const drivers: Record<string, () => ObjectStorage> = {}

beforeAll(async () => {
  s3 = await startTestS3()
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-storage-'))
  drivers.local = () => createLocalStorage(localRoot)
  drivers.s3 = () => createS3Storage(s3.options)
})

afterAll(async () => {
  await s3?.close()
  fs.rmSync(localRoot, { recursive: true, force: true })
})

describe.each(['local', 's3'])('%s storage', (name) => {
  const store = () => drivers[name]!()

  it('stores a stream and gives it back, whole or as a byte range', async () => {
    const storage = store()
    const info = await storage.put('media/a1/original', Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
      contentType: 'text/plain',
    })
    expect(info.size).toBe(11)
    expect(await text(await storage.get('media/a1/original'))).toBe('hello world')
    expect(await text(await storage.get('media/a1/original', { start: 6, end: 10 }))).toBe('world')
    expect((await storage.stat('media/a1/original'))?.size).toBe(11)
  })

  it('streams a body larger than one multipart part', async () => {
    const storage = store()
    const size = 12 * 1024 * 1024 + 123
    const info = await storage.put('media/big/original', generated(size))
    expect(info.size).toBe(size)
    expect((await storage.stat('media/big/original'))?.size).toBe(size)
  })

  it('answers not found for a missing object, and deletes quietly', async () => {
    const storage = store()
    await expect(storage.get('media/none/original')).rejects.toBeInstanceOf(StorageNotFoundError)
    expect(await storage.stat('media/none/original')).toBeNull()
    await expect(storage.delete('media/none/original')).resolves.toBeUndefined()
  })

  it('lists and deletes every object of a folder, and nothing beside it', async () => {
    const storage = store()
    await storage.put('media/f1/original', Buffer.from('o'))
    await storage.put('media/f1/thumb-150.webp', Buffer.from('t'))
    await storage.put('media/f10/original', Buffer.from('x'))
    expect(await storage.list('media/f1')).toEqual(['media/f1/original', 'media/f1/thumb-150.webp'])
    await storage.deletePrefix('media/f1')
    expect(await storage.list('media/f1')).toEqual([])
    expect(await storage.list('media/f10')).toEqual(['media/f10/original'])
  })

  it('leaves no object behind when the body fails half way', async () => {
    const storage = store()
    const body = new PassThrough()
    const put = storage.put('media/broken/original', body)
    body.write(Buffer.alloc(6 * 1024 * 1024, 1))
    setTimeout(() => body.destroy(new Error('client went away')), 50)
    await expect(put).rejects.toThrow('client went away')
    expect(await storage.stat('media/broken/original')).toBeNull()
    expect(await storage.list('media/broken')).toEqual([])
  })

  it('refuses keys that could leave its folder', async () => {
    const storage = store()
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('Invalid storage key')
    await expect(storage.get('media/../../x')).rejects.toThrow('Invalid storage key')
  })
})

describe('S3 outage', () => {
  it('reports the store as unavailable instead of hanging or losing the error', async () => {
    const down = await startTestS3('outage')
    const storage = createS3Storage(down.options)
    await storage.put('media/o1/original', Buffer.from('before'))
    await down.stop()
    await expect(storage.put('media/o2/original', Buffer.from('after'))).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(storage.get('media/o1/original')).rejects.toBeInstanceOf(StorageUnavailableError)
    await expect(storage.ping()).rejects.toBeInstanceOf(StorageUnavailableError)
    await down.close()
  })

  it('an upload under way when S3 goes away reports the outage, even while its writer keeps writing', async () => {
    const down = await startTestS3('outage-mid-upload')
    try {
      const storage = createS3Storage(down.options)
      const body = new PassThrough()
      body.on('error', () => {})
      const put = storage.put('media/o3/upload', body).then(
        () => null,
        (error: unknown) => error,
      )
      for (let i = 0; i < 7; i++) body.write(Buffer.alloc(1024 * 1024, i))
      await new Promise((r) => setTimeout(r, 300))
      await down.stop()
      // The writer does not know yet: it goes on writing into a body the upload has given up on.
      let settled: unknown = undefined
      void put.then((e) => (settled = e))
      for (let i = 0; i < 200 && settled === undefined; i++) {
        if (!body.destroyed) body.write(Buffer.alloc(256 * 1024, i))
        await new Promise((r) => setTimeout(r, 10))
      }
      expect(await put).toBeInstanceOf(StorageUnavailableError)
    } finally {
      await down.close()
    }
  })
})

describe('local deletion while a writer is still at work', () => {
  it('removes the folder without ENOTEMPTY while files keep arriving in it', async () => {
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-race-')))
    for (let round = 0; round < 20; round++) {
      const prefix = `media/race-${round}`
      for (let i = 0; i < 40; i++) await storage.put(`${prefix}/seed-${i}.bin`, Buffer.alloc(64))
      let writing = true
      const writer = (async () => {
        for (let i = 0; writing; i++) await storage.put(`${prefix}/late-${i}.bin`, Buffer.alloc(64)).catch(() => {})
      })()
      await expect(storage.deletePrefix(prefix)).resolves.toBeUndefined()
      writing = false
      await writer
    }
  })
})
