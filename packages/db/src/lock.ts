import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another Meridian process (pid ${pid}). ` +
        'PGlite allows one process per data directory: stop the other process, set DATA_DIR to another directory, ' +
        'or set DATABASE_URL to run several processes over PostgreSQL.',
    )
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Take the data directory's lock file, or throw DataDirLockedError. Returns the release function. */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, 'meridian.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      let released = false
      const release = () => {
        if (released) return
        released = true
        process.off('exit', release)
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file)
        } catch {
          // already gone
        }
      }
      process.on('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(fs.readFileSync(file, 'utf8').trim())
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid)
      if (pid === process.pid) throw new DataDirLockedError(dir, pid)
      fs.rmSync(file, { force: true }) // stale lock from a process that died
    }
  }
  throw new Error(`Could not take the lock file in ${dir}`)
}
