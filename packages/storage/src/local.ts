import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { assertKey, assertPrefix, type ObjectStorage, StorageNotFoundError, StorageUnavailableError } from './types.ts'

/**
 * Objects as files under one folder (DATA_DIR/media by default). A put writes a temporary file beside the
 * target and renames it, so a reader never sees half an object and a failed write leaves nothing behind.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const base = path.resolve(root)
  const file = (key: string) => path.join(base, ...assertKey(key).split('/'))

  return {
    driver: 'local',
    async put(key, body, options = {}) {
      const target = file(key)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      const temp = `${target}.${randomBytes(6).toString('hex')}.partial`
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body
        await pipeline(source, fs.createWriteStream(temp, { flags: 'wx' }), { signal: options.signal })
        await fsp.rename(temp, target)
      } catch (error) {
        await fsp.rm(temp, { force: true })
        if (isDiskError(error)) throw new StorageUnavailableError(`Local storage failed: ${(error as Error).message}`, { cause: error })
        throw error
      }
      const stats = await fsp.stat(target)
      return { size: stats.size, contentType: options.contentType }
    },
    async get(key, range) {
      const target = file(key)
      try {
        await fsp.access(target)
      } catch {
        throw new StorageNotFoundError(key)
      }
      return fs.createReadStream(target, range ? { start: range.start, end: range.end } : {})
    },
    async stat(key) {
      try {
        const stats = await fsp.stat(file(key))
        return stats.isFile() ? { size: stats.size } : null
      } catch {
        return null
      }
    },
    async delete(key) {
      await fsp.rm(file(key), { force: true })
    },
    async deletePrefix(prefix) {
      const dir = path.join(base, ...assertPrefix(prefix).split('/').filter(Boolean))
      // Moved aside first, in one step: a writer still at work (a media worker finishing renditions) then writes
      // into a fresh folder of its own instead of racing the removal (which would fail with ENOTEMPTY).
      const trash = path.join(base, '.trash', randomBytes(8).toString('hex'))
      await fsp.mkdir(path.dirname(trash), { recursive: true })
      try {
        await fsp.rename(dir, trash)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      await fsp.rm(trash, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
    },
    async list(prefix) {
      const clean = assertPrefix(prefix)
      const dir = path.join(base, ...clean.split('/').filter(Boolean))
      const found: string[] = []
      const walk = async (folder: string, keyPrefix: string) => {
        let entries: fs.Dirent[]
        try {
          entries = await fsp.readdir(folder, { withFileTypes: true })
        } catch {
          return
        }
        for (const entry of entries) {
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${keyPrefix}${entry.name}/`)
          else if (!entry.name.endsWith('.partial')) found.push(`${keyPrefix}${entry.name}`)
        }
      }
      await walk(dir, clean)
      return found.sort()
    },
    localPath: (key) => file(key),
    async ping() {
      await fsp.mkdir(base, { recursive: true })
      await fsp.access(base, fs.constants.W_OK)
    },
  }
}

function isDiskError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code
  return code === 'ENOSPC' || code === 'EACCES' || code === 'EROFS' || code === 'EDQUOT' || code === 'EIO'
}
