// `npm run restore`: put an archive made by `npm run backup` back (docs/operations.md).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import postgres from 'postgres'
import type { AppConfig } from '@meridian/core'
import { createStorage, type ObjectStorage } from '@meridian/storage'
// The lock the server takes on the data directory: restore holds it while it replaces the database.
import { acquireDataDirLock } from '../../../packages/db/src/lock.ts'
import { describeDatabase, describeStorage, lockHolder, postgresUrl, serverRunningMessage } from './backup.ts'
import { countDifferences, countRows, newestKnownMigration, type RunQuery } from './database.ts'
import { ENTRY, expectedEntries, formatBytes, type Manifest, ManifestError, MANIFEST_NAME, parseManifest, STORAGE_PREFIXES, totalRows } from './manifest.ts'
import { redactDatabaseUrl, runPgTool } from './postgres-tools.ts'
import { ArchiveError, readTarGz } from './tar.ts'

export class RestoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RestoreError'
  }
}

export interface RestoreOptions {
  /** Shown what will be replaced; answers whether to go on (the CLI asks on the terminal unless --yes). */
  confirm: (plan: string) => Promise<boolean> | boolean
  /** Folder holding pg_restore (default: found on the PATH). */
  pgBin?: string
  log?: (line: string) => void
  /** The time in the name of the folder the old embedded database is moved to (tests). */
  now?: Date
}

export interface RestoreResult {
  manifest: Manifest
  tables: number
  rows: number
  files: number
  bytes: number
  /** Media files that were in the store but not in the archive, now removed. */
  removed: number
  /** Embedded only: where the database that was there before now lies. */
  previousDatabase: string | null
}

/** The archive's manifest (its first entry), checked: an archive it does not understand is refused here. */
export async function readBackupManifest(file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist.`)
  let text: string | null = null
  try {
    await readTarGz(
      file,
      (name) => (name === MANIFEST_NAME ? { writeTo: null, collect: true, stop: true } : { writeTo: null, stop: true }),
      (_, bytes) => (text = bytes.toString('utf8')),
    )
  } catch (error) {
    if (error instanceof ArchiveError) throw new RestoreError(`${file} is not a Meridian backup: ${error.message}`)
    throw error
  }
  if (text === null) throw new RestoreError(`${file} is not a Meridian backup (it does not start with ${MANIFEST_NAME}).`)
  try {
    return parseManifest(text)
  } catch (error) {
    if (error instanceof ManifestError) throw new RestoreError(error.message)
    throw error
  }
}

const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')

/** What a restore of this archive here will do, for the confirmation. */
export function describeRestore(config: AppConfig, manifest: Manifest, file: string): string {
  const db = manifest.database
  return [
    `Archive ${file}`,
    `  taken ${manifest.createdAt} from ${db.kind === 'pglite' ? 'an embedded database' : 'PostgreSQL'} (${db.engineVersion}):`,
    `  ${Object.keys(db.tables).length} tables, ${totalRows(manifest)} rows; ${manifest.media.count} media files (${formatBytes(manifest.media.bytes)})`,
    'Restoring it replaces:',
    postgresUrl(config)
      ? `  - the database ${redactDatabaseUrl(postgresUrl(config)!)}: the archive's tables are dropped and recreated with its rows`
      : `  - the embedded database in ${config.dataDir} (the current one, if any, is kept aside as pgdata.before-restore-<time>)`,
    `  - the media in ${describeStorage(config)}: the archive's files are written, files it does not hold are deleted`,
    ...(manifest.secrets ? [`  - ${path.join(config.dataDir, 'secrets.json')} (the generated session secret)`] : []),
  ].join('\n')
}

function checkKind(config: AppConfig, manifest: Manifest) {
  if (manifest.database.kind === 'pglite' && config.databaseUrl) {
    throw new RestoreError(
      'The archive holds an embedded (PGlite) database, but DATABASE_URL is set. Unset DATABASE_URL to restore it into DATA_DIR; ' +
        'an embedded backup cannot be loaded into PostgreSQL.',
    )
  }
  if (manifest.database.kind === 'postgresql' && !config.databaseUrl) {
    throw new RestoreError(
      'The archive holds a PostgreSQL database (pg_dump), but DATABASE_URL is not set. Set DATABASE_URL to the (new or empty) database to restore into.',
    )
  }
}

/** Unpack the archive into staging, checking every entry against the manifest before anything is replaced. */
async function unpackAndCheck(file: string, manifest: Manifest, staging: string): Promise<void> {
  const expected = expectedEntries(manifest)
  const unexpected: string[] = []
  let entries
  try {
    entries = await readTarGz(file, (name) => {
      if (name === MANIFEST_NAME) return { writeTo: null }
      if (!expected.has(name)) {
        unexpected.push(name)
        return { writeTo: null }
      }
      return { writeTo: path.join(staging, ...name.split('/')) }
    })
  } catch (error) {
    if (error instanceof ArchiveError) throw new RestoreError(`${error.message} Nothing was changed.`)
    throw error
  }
  if (unexpected.length)
    throw new RestoreError(`The archive holds files its manifest does not list (${unexpected.slice(0, 3).join(', ')}). Nothing was changed.`)
  const seen = new Map(entries.map((entry) => [entry.name, entry]))
  const damaged: string[] = []
  for (const [name, want] of expected) {
    const got = seen.get(name)
    if (!got) damaged.push(`${name} is missing`)
    else if (got.size !== want.size || got.sha256 !== want.sha256) damaged.push(`${name} does not match its checksum`)
  }
  if (damaged.length) {
    throw new RestoreError(
      `The archive is damaged: ${damaged.slice(0, 5).join('; ')}${damaged.length > 5 ? ` (and ${damaged.length - 5} more)` : ''}. Nothing was changed.`,
    )
  }
}

async function restorePglite(
  config: AppConfig,
  manifest: Manifest,
  staging: string,
  now: Date,
): Promise<{ counts: Record<string, number>; previous: string | null }> {
  fs.mkdirSync(config.dataDir, { recursive: true })
  let release: () => void
  try {
    release = acquireDataDirLock(config.dataDir)
  } catch (error) {
    if ((error as Error).name === 'DataDirLockedError') throw new RestoreError(serverRunningMessage(config.dataDir, 'restore'))
    throw error
  }
  try {
    const target = path.join(config.dataDir, 'pgdata')
    let previous: string | null = null
    if (fs.existsSync(target) && fs.readdirSync(target).length) {
      previous = path.join(config.dataDir, `pgdata.before-restore-${stamp(now)}`)
      fs.renameSync(target, previous)
    } else fs.rmSync(target, { recursive: true, force: true })
    const dump = new Blob([fs.readFileSync(path.join(staging, ...manifest.database.file.split('/')))])
    let client: PGlite | undefined
    try {
      client = await PGlite.create(target, { loadDataDir: dump, extensions: { pg_trgm, unaccent } })
      const query: RunQuery = async <T>(text: string) => (await client!.query<T>(text)).rows
      const counts = await countRows(query)
      return { counts, previous }
    } catch (error) {
      await client?.close().catch(() => {})
      client = undefined
      // Put back what was there: a failed restore leaves the data directory as it found it.
      fs.rmSync(target, { recursive: true, force: true })
      if (previous) fs.renameSync(previous, target)
      throw new RestoreError(`The embedded database could not be loaded from the archive (${(error as Error).message}); the data directory is unchanged.`)
    } finally {
      await client?.close()
    }
  } finally {
    release()
  }
}

async function restorePostgres(url: string, manifest: Manifest, staging: string, pgBin: string | undefined): Promise<Record<string, number>> {
  const dump = path.join(staging, ...manifest.database.file.split('/'))
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''))
  if (!database) throw new RestoreError('DATABASE_URL names no database (postgres://user@host:5432/NAME): name the one to restore into.')
  try {
    // One transaction: a failure (a missing role, a full disk, a dump from a newer server) leaves the database as it was.
    await runPgTool(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-acl', '--single-transaction', `--dbname=dbname='${database.replace(/[\\']/g, '\\$&')}'`, dump],
      url,
      pgBin,
    )
  } catch (error) {
    if ((error as Error).name === 'ToolError')
      throw new RestoreError(`${(error as Error).message}\nThe database is unchanged (pg_restore ran in one transaction).`)
    throw error
  }
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'meridian-restore' } })
  try {
    const query: RunQuery = async <T>(text: string) => (await client.unsafe(text)) as unknown as T[]
    return await countRows(query)
  } finally {
    await client.end({ timeout: 5 })
  }
}

async function sha256Of(storage: ObjectStorage, key: string): Promise<{ size: number; sha256: string } | null> {
  const hash = createHash('sha256')
  let size = 0
  try {
    for await (const chunk of (await storage.get(key)) as AsyncIterable<Buffer>) {
      hash.update(chunk)
      size += chunk.length
    }
  } catch (error) {
    if ((error as Error).name === 'StorageNotFoundError') return null
    throw error
  }
  return { size, sha256: hash.digest('hex') }
}

async function restoreMedia(storage: ObjectStorage, manifest: Manifest, staging: string): Promise<number> {
  for (const file of manifest.media.files) {
    const source = path.join(staging, ...`${ENTRY.storagePrefix}${file.key}`.split('/'))
    await storage.put(file.key, fs.createReadStream(source), file.contentType ? { contentType: file.contentType } : {})
  }
  const wanted = new Set(manifest.media.files.map((file) => file.key))
  let removed = 0
  for (const prefix of STORAGE_PREFIXES) {
    for (const key of await storage.list(prefix)) {
      if (wanted.has(key)) continue
      await storage.delete(key)
      removed++
    }
  }
  return removed
}

/** Read back every restored media file and compare it with the manifest's checksum; answers the ones that differ. */
async function verifyMedia(storage: ObjectStorage, manifest: Manifest): Promise<string[]> {
  const bad: string[] = []
  for (const file of manifest.media.files) {
    const found = await sha256Of(storage, file.key)
    if (!found) bad.push(`${file.key} is missing`)
    else if (found.sha256 !== file.sha256 || found.size !== file.size) bad.push(`${file.key} does not match its checksum`)
  }
  return bad
}

/**
 * Restore an archive into the configured database and media store: refuses an archive it does not understand or
 * that is damaged (before changing anything), asks `confirm`, then replaces the database and the media and checks
 * the row counts and every media file's checksum.
 */
export async function restoreBackup(config: AppConfig, file: string, options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => {})
  const manifest = await readBackupManifest(file)
  checkKind(config, manifest)
  // Checked before asking, and again (by taking the lock) before replacing anything.
  if (!config.databaseUrl && lockHolder(config.dataDir)) throw new RestoreError(serverRunningMessage(config.dataDir, 'restore'))
  if (!(await options.confirm(describeRestore(config, manifest, file)))) throw new RestoreError('Restore cancelled; nothing was changed.')

  const known = newestKnownMigration()
  if (known !== null && manifest.database.migrations.last !== null && manifest.database.migrations.last > known) {
    log(
      'Warning: the archive was made by a newer version of Meridian (it has migrations this version does not know). Run that version (or newer) on the restored data.',
    )
  }

  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-restore-'))
  try {
    log('Checking the archive …')
    await unpackAndCheck(file, manifest, staging)

    log(`Restoring ${describeDatabase(config)} …`)
    let counts: Record<string, number>
    let previous: string | null = null
    const url = postgresUrl(config)
    if (url) counts = await restorePostgres(url, manifest, staging, options.pgBin)
    else ({ counts, previous } = await restorePglite(config, manifest, staging, options.now ?? new Date()))
    const differences = countDifferences(manifest.database.tables, counts)
    if (differences.length) {
      throw new RestoreError(
        `The restored database's rows differ from the archive's (${differences
          .slice(0, 5)
          .join('; ')}). Was an application process writing to it? Stop every process and restore again.`,
      )
    }
    const rows = totalRows(manifest)
    log(`  database: ${Object.keys(manifest.database.tables).length} tables, ${rows} rows, row counts checked`)
    if (previous) log(`  the database that was there is kept in ${previous} (delete it once the restore is confirmed)`)

    if (manifest.secrets) {
      fs.mkdirSync(config.dataDir, { recursive: true })
      fs.copyFileSync(path.join(staging, ...ENTRY.secrets.split('/')), path.join(config.dataDir, 'secrets.json'))
      fs.chmodSync(path.join(config.dataDir, 'secrets.json'), 0o600)
    }

    log(`Restoring the media into ${describeStorage(config)} …`)
    const storage = createStorage(config.storage)
    const removed = await restoreMedia(storage, manifest, staging)
    const bad = await verifyMedia(storage, manifest)
    if (bad.length) throw new RestoreError(`Media files differ after the restore: ${bad.slice(0, 5).join('; ')}. Run the restore again.`)
    log(
      `  media: ${manifest.media.count} files (${formatBytes(manifest.media.bytes)}) written and their checksums verified${
        removed ? `; ${removed} files not in the archive removed` : ''
      }`,
    )
    return {
      manifest,
      tables: Object.keys(manifest.database.tables).length,
      rows,
      files: manifest.media.count,
      bytes: manifest.media.bytes,
      removed,
      previousDatabase: previous,
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
