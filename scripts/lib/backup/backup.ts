// `npm run backup`: the database and the media into one .tar.gz with a manifest (docs/operations.md).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import postgres from 'postgres'
import type { AppConfig } from '@meridian/core'
import { DataDirLockedError, openDatabase, sql } from '@meridian/db'
import { createStorage, type ObjectStorage } from '@meridian/storage'
import { appliedMigrations, countRows, type RunQuery } from './database.ts'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  ENTRY,
  formatBytes,
  type Manifest,
  MANIFEST_NAME,
  type ManifestFile,
  STORAGE_PREFIXES,
  totalRows,
} from './manifest.ts'
import { redactDatabaseUrl, runPgTool } from './postgres-tools.ts'
import { type TarSource, writeTarGz } from './tar.ts'

export class BackupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BackupError'
  }
}

export interface BackupOptions {
  /** The archive to write, or a folder to write it in (default: backups/ under the current folder). */
  out?: string
  /** Folder holding pg_dump (default: found on the PATH). */
  pgBin?: string
  /** Progress lines (nothing secret is passed to it). */
  log?: (line: string) => void
  /** The time the archive's default name carries (tests). */
  now?: Date
}

export interface BackupResult {
  file: string
  manifest: Manifest
}

/** meridian-backup-20250131T235959Z.tar.gz */
export function defaultArchiveName(now: Date): string {
  return `meridian-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`
}

function archivePath(out: string | undefined, now: Date): string {
  const target = path.resolve(out ?? 'backups')
  const isFolder = out === undefined || out.endsWith('/') || out.endsWith(path.sep) || (fs.existsSync(target) && fs.statSync(target).isDirectory())
  const file = isFolder ? path.join(target, defaultArchiveName(now)) : target
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; name another file with --out.`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  return file
}

/** Where the media live, as it may be printed. */
export function describeStorage(config: AppConfig): string {
  const storage = config.storage
  if (storage.driver === 'local') return storage.root
  return `s3://${storage.bucket}/${storage.prefix ? storage.prefix.replace(/\/?$/, '/') : ''}${storage.endpoint ? ` at ${new URL(storage.endpoint).host}` : ''}`
}

export function describeDatabase(config: AppConfig): string {
  const url = postgresUrl(config)
  return url ? `PostgreSQL ${redactDatabaseUrl(url)}` : `the embedded database in ${config.dataDir}`
}

/**
 * The PostgreSQL server pg_dump and pg_restore talk to: DATABASE_DIRECT_URL, which is DATABASE_URL unless a pooler is in
 * between. They hold a session (settings, an imported snapshot) that a transaction pooler would not keep, and could
 * leave their settings behind on its server connections.
 */
export function postgresUrl(config: AppConfig): string | null {
  return config.databaseDirectUrl ?? config.databaseUrl
}

/** The pid in a data directory's lock file, when a live process holds it. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'meridian.lock'), 'utf8').trim())
    if (!pid) return null
    process.kill(pid, 0)
    return pid
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? -1 : null
  }
}

export function serverRunningMessage(dataDir: string, action: 'backup' | 'restore'): string {
  const pid = lockHolder(dataDir)
  return (
    `A Meridian server${pid && pid > 0 ? ` (pid ${pid})` : ''} is using the data directory ${dataDir}. ` +
    `Stop the server first, run \`npm run ${action}\` again, then start the server. ` +
    '(The embedded database allows one process at a time; for backups while serving, run on PostgreSQL.)'
  )
}

async function hashStream(body: Readable | AsyncIterable<Buffer>, copyTo?: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  const measure = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk)
      size += chunk.length
      yield chunk
    }
  }
  if (copyTo) {
    fs.mkdirSync(path.dirname(copyTo), { recursive: true })
    await pipeline(body, measure, fs.createWriteStream(copyTo, { mode: 0o600 }))
  } else {
    for await (const _ of measure(body as AsyncIterable<Buffer>));
  }
  return { size, sha256: hash.digest('hex') }
}

interface DatabasePart {
  manifest: Manifest['database']
  source: TarSource
  close(): Promise<void>
}

async function backupPglite(config: AppConfig): Promise<DatabasePart> {
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${config.dataDir} (no pgdata folder): nothing to back up. Is DATA_DIR right?`)
  }
  let handle
  try {
    // Holds the data directory's lock until the archive is written: no server can start meanwhile.
    handle = await openDatabase({ dataDir: config.dataDir })
  } catch (error) {
    if (error instanceof DataDirLockedError || (error as Error).name === 'DataDirLockedError')
      throw new BackupError(serverRunningMessage(config.dataDir, 'backup'))
    throw error
  }
  try {
    const query: RunQuery = async <T>(text: string) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows
    const tables = await countRows(query)
    const migrations = await appliedMigrations(query)
    const [version] = await query<{ version: string }>('select version() as version')
    const dump = await handle.dump!()
    const bytes = Buffer.from(await dump.arrayBuffer())
    const sha256 = createHash('sha256').update(bytes).digest('hex')
    return {
      manifest: { kind: 'pglite', file: ENTRY.pgliteDump, size: bytes.length, sha256, tables, migrations, engineVersion: version!.version.split(' on ')[0]! },
      source: { name: ENTRY.pgliteDump, size: bytes.length, sha256, open: () => bytes },
      close: () => handle.close(),
    }
  } catch (error) {
    await handle.close()
    throw error
  }
}

async function backupPostgres(url: string, staging: string, pgBin: string | undefined): Promise<DatabasePart> {
  const file = path.join(staging, 'meridian.pgdump')
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'meridian-backup' } })
  let part: Omit<DatabasePart, 'source' | 'close'>['manifest'] | undefined
  try {
    // The row counts and pg_dump read one snapshot: the counts describe exactly the rows the dump holds, even while
    // the application keeps writing.
    await client.begin('isolation level repeatable read read only', async (tx) => {
      const query: RunQuery = async <T>(text: string) => (await tx.unsafe(text)) as unknown as T[]
      const [snapshot] = await query<{ id: string }>('select pg_export_snapshot() as id')
      const tables = await countRows(query)
      const migrations = await appliedMigrations(query)
      const [version] = await query<{ server_version: string }>('show server_version')
      await runPgTool('pg_dump', ['--format=custom', `--snapshot=${snapshot!.id}`, `--file=${file}`], url, pgBin)
      const { size, sha256 } = await hashStream(fs.createReadStream(file))
      part = { kind: 'postgresql', file: ENTRY.postgresDump, size, sha256, tables, migrations, engineVersion: `PostgreSQL ${version!.server_version}` }
    })
  } catch (error) {
    if ((error as Error).name === 'ToolError') throw new BackupError((error as Error).message)
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000' || code === '28000') {
      throw new BackupError(`Could not connect to ${redactDatabaseUrl(url)}: ${(error as Error).message}`)
    }
    throw error
  } finally {
    await client.end({ timeout: 5 })
  }
  const manifest = part!
  return {
    manifest,
    source: { name: ENTRY.postgresDump, size: manifest.size, sha256: manifest.sha256, open: () => fs.createReadStream(file) },
    close: async () => {},
  }
}

/**
 * Every stored media file, measured. Files on disk are read again when the archive is written (and must not have
 * changed); objects in S3 are downloaded once, into the staging folder.
 */
async function collectMedia(storage: ObjectStorage, staging: string): Promise<{ files: ManifestFile[]; sources: TarSource[] }> {
  const files: ManifestFile[] = []
  const sources: TarSource[] = []
  for (const prefix of STORAGE_PREFIXES) {
    for (const key of await storage.list(prefix)) {
      const copy = storage.driver === 's3' ? path.join(staging, 'storage', ...key.split('/')) : undefined
      const info = storage.driver === 's3' ? await storage.stat(key) : null
      let measured
      try {
        measured = await hashStream(await storage.get(key), copy)
      } catch (error) {
        if ((error as Error).name === 'StorageNotFoundError') continue // removed since it was listed
        throw error
      }
      const file: ManifestFile = { key, ...measured, ...(info?.contentType ? { contentType: info.contentType } : {}) }
      files.push(file)
      sources.push({
        name: `${ENTRY.storagePrefix}${key}`,
        size: file.size,
        sha256: file.sha256,
        open: async () => (copy ? fs.createReadStream(copy) : storage.get(key)),
      })
    }
  }
  return { files, sources }
}

/** Back up the configured database and media into one archive; answers its path and manifest. */
export async function createBackup(config: AppConfig, options: BackupOptions = {}): Promise<BackupResult> {
  const log = options.log ?? (() => {})
  const now = options.now ?? new Date()
  const file = archivePath(options.out, now)
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-backup-'))
  let database: DatabasePart | undefined
  try {
    log(`Backing up ${describeDatabase(config)} …`)
    const url = postgresUrl(config)
    database = url ? await backupPostgres(url, staging, options.pgBin) : await backupPglite(config)
    const db = database.manifest
    log(`  database: ${Object.keys(db.tables).length} tables, ${totalRows({ database: db } as Manifest)} rows (${formatBytes(db.size)} dump)`)

    const storage = createStorage(config.storage)
    log(`Backing up the media in ${describeStorage(config)} …`)
    const media = await collectMedia(storage, staging)
    const bytes = media.files.reduce((sum, f) => sum + f.size, 0)
    log(`  media: ${media.files.length} files (${formatBytes(bytes)})`)

    const secretsFile = path.join(config.dataDir, 'secrets.json')
    const secrets = fs.existsSync(secretsFile) ? fs.readFileSync(secretsFile) : null
    const secretsDigest = secrets ? { size: secrets.length, sha256: createHash('sha256').update(secrets).digest('hex') } : null

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      database: db,
      media: { source: storage.driver, count: media.files.length, bytes, files: media.files },
      secrets: secretsDigest,
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    const sources: TarSource[] = [
      { name: MANIFEST_NAME, size: manifestBytes.length, open: () => manifestBytes },
      database.source,
      ...(secrets && secretsDigest ? [{ name: ENTRY.secrets, ...secretsDigest, open: () => secrets }] : []),
      ...media.sources,
    ]
    await writeTarGz(file, sources)
    log(`Wrote ${file} (${formatBytes(fs.statSync(file).size)}).`)
    return { file, manifest }
  } finally {
    await database?.close()
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
