import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { DataDirLockedError } from './lock.ts'
import { PGLITE_TEMPLATE_ENV } from './testing.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** Try openDatabase on `dataDir` in a separate Node process; report how it went. */
function openInChild(dataDir: string): Promise<{ code: number | null; out: { ok: boolean; name?: string; message?: string } }> {
  const script = `
    import { openDatabase } from '@meridian/db'
    try {
      const handle = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} })
      await handle.close()
      console.log(JSON.stringify({ ok: true }))
    } catch (error) {
      console.log(JSON.stringify({ ok: false, name: error.name, message: error.message }))
      process.exitCode = 1
    }
  `
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? ''
      try {
        resolve({ code, out: JSON.parse(line) })
      } catch {
        reject(new Error(`child said: ${stdout}\n${stderr}`))
      }
    })
  })
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' })
  return Number(child.stdout.trim())
}

describe('PGlite data directory lock', () => {
  let dir: string
  let handle: DatabaseHandle | undefined
  const lockFile = () => path.join(dir, 'meridian.lock')

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-lock-'))
  })
  afterAll(async () => {
    await handle?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('takes over a stale lock file left by a process that died', async () => {
    const pid = deadPid()
    expect(() => process.kill(pid, 0)).toThrow()
    fs.writeFileSync(lockFile(), String(pid))

    // Starting from the suite's migrated template skips initdb (seconds); the lock is taken the same way.
    const templateFile = process.env[PGLITE_TEMPLATE_ENV]
    const template = templateFile ? new Blob([fs.readFileSync(templateFile)]) : undefined
    handle = await openDatabase({ dataDir: dir, template })
    await handle.ping()
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
  }, 60_000)

  it('refuses a second process on the same directory with a clear message', async () => {
    expect(handle).toBeDefined()
    const { code, out } = await openInChild(dir)
    expect(code).toBe(1)
    expect(out.ok).toBe(false)
    expect(out.name).toBe('DataDirLockedError')
    expect(out.message).toBe(new DataDirLockedError(dir, process.pid).message)
    expect(out.message).toContain(`pid ${process.pid}`)
    expect(out.message).toContain('DATABASE_URL')
    // The refused process leaves the holder's lock alone.
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid))
  }, 60_000)

  it('refuses a second open in the same process too', async () => {
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError)
  })

  it('removes the lock file on close', async () => {
    await handle!.close()
    handle = undefined
    expect(fs.existsSync(lockFile())).toBe(false)
  })
})
