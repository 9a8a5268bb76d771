import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppConfig, createAppServices, loadConfig, openAppDatabase } from '@meridian/core'
import { seedDemoUsers, seedDemoWorld } from '@meridian/core/seed'
import { seedCatalogueIfEmpty } from '@meridian/core/catalogue-seed'
import { seedCurrencies } from '@meridian/core/currency-seed'
import { type DatabaseHandle, openDatabase, sql } from '@meridian/db'
import { createTestDatabase, PGLITE_TEMPLATE_ENV } from '@meridian/db/testing'
import { createStorage } from '@meridian/storage'
import { startTestS3, type TestS3 } from '@meridian/storage/testing'
import { createBackup } from '../scripts/lib/backup/backup.ts'
import { countRows, type RunQuery } from '../scripts/lib/backup/database.ts'
import { type Manifest, MANIFEST_NAME } from '../scripts/lib/backup/manifest.ts'
import { readBackupManifest, restoreBackup } from '../scripts/lib/backup/restore.ts'
import { readTarGz, writeTarGz } from '../scripts/lib/backup/tar.ts'

/**
 * The backup drill (docs/operations.md, "Backup and restore"): seed a database and its media, back up, restore into an
 * empty database and an empty media store, and compare every table's rows and every media file's bytes. On the
 * embedded database by default; on PostgreSQL (pg_dump / pg_restore) with TEST_DATABASE_URL. Media on disk, and in S3
 * (s3rver).
 */
const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const tsx = path.join(root, 'node_modules/.bin/tsx')
const adminUrl = process.env.TEST_DATABASE_URL
const kind = adminUrl ? 'PostgreSQL' : 'PGlite'
/** Put in the source's DATABASE_URL (the test server trusts local connections): no output may show it. */
const PASSWORD = 'not-to-be-printed-7c1e'

let work: string
let source: AppConfig
let sourceHandle: DatabaseHandle | null = null
let sourceTables: Map<string, string>
let sourceMedia: Map<string, Buffer>
let archive: string
let manifest: Manifest
const databases: string[] = []
const cleanups: (() => Promise<void>)[] = []

const baseConfig = (dataDir: string, extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...extra })

/** A fresh, empty PostgreSQL database (no tables), dropped at the end; its URL. */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `meridian_restore_${Math.random().toString(36).slice(2, 10)}`
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  databases.push(name)
  const url = new URL(adminUrl!)
  url.pathname = `/${name}`
  return url.toString()
}

/** Run statements against the configured database (opened for the call, closed after). */
async function withQuery<T>(config: AppConfig, run: (query: RunQuery) => Promise<T>): Promise<T> {
  if (config.databaseUrl) {
    const client = postgres(config.databaseUrl, { max: 1, onnotice: () => {} })
    try {
      return await run(async <R>(text: string) => (await client.unsafe(text)) as unknown as R[])
    } finally {
      await client.end()
    }
  }
  const handle = await openDatabase({ dataDir: config.dataDir })
  try {
    return await run(async <R>(text: string) => ((await handle.db.execute(sql.raw(text))) as unknown as { rows: R[] }).rows)
  } finally {
    await handle.close()
  }
}

/** Every table (all schemas but the system's) as JSON of its rows in a fixed order. */
async function everyTable(query: RunQuery): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  for (const table of Object.keys(await countRows(query))) {
    const [schema, name] = table.split('.')
    const [row] = await query<{ j: string }>(`select coalesce(json_agg(x order by x::text), '[]')::text as j from "${schema}"."${name}" x`)
    out.set(table, row!.j)
  }
  return out
}

const queryOf =
  (handle: DatabaseHandle): RunQuery =>
  async <R>(text: string) => {
    const result = await handle.db.execute(sql.raw(text))
    return (Array.isArray(result) ? result : (result as unknown as { rows: R[] }).rows) as R[]
  }

/** Every stored media file's bytes, by key. */
async function everyFile(config: AppConfig): Promise<Map<string, Buffer>> {
  const storage = createStorage(config.storage)
  const out = new Map<string, Buffer>()
  for (const key of await storage.list('media')) {
    const chunks: Buffer[] = []
    for await (const chunk of (await storage.get(key)) as AsyncIterable<Buffer>) chunks.push(chunk)
    out.set(key, Buffer.concat(chunks))
  }
  return out
}

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** `npm run backup` / `npm run restore` as an operator runs them, with these settings only. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const own = /^(DATABASE_URL|DATA_DIR|MEDIA_ROOT|JWT_SECRET|NODE_ENV|S3_|AWS_|PG)/
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !own.test(name))) as NodeJS.ProcessEnv
  return new Promise((resolve) => {
    const options = { cwd: root, env: { ...base, NODE_ENV: 'test' as const, ...env }, timeout: 60_000, encoding: 'utf8' as const }
    execFile(tsx, [`scripts/${script}.ts`, ...args], options, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr })
    })
  })
}

const envOf = (config: AppConfig): Record<string, string> => ({
  DATA_DIR: config.dataDir,
  ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
})

/**
 * A target to restore into: an empty data directory, or a PostgreSQL database without tables (or, `migrated`, with
 * the application's tables and no rows, as after a first start); media on disk unless given.
 */
async function emptyTarget(name: string, extra: Record<string, string> = {}, migrated = false): Promise<AppConfig> {
  let url: string | null = null
  if (adminUrl && migrated) {
    const handle = await createTestDatabase()
    cleanups.push(() => handle.close())
    url = handle.url!
  } else if (adminUrl) url = await emptyPostgresDatabase()
  return baseConfig(path.join(work, name), { ...(url ? { DATABASE_URL: url } : {}), ...extra })
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-backup-drill-'))
  const dataDir = path.join(work, 'source')
  if (adminUrl) {
    const handle = await createTestDatabase()
    cleanups.push(() => handle.close())
    const url = new URL(handle.url!)
    url.password = PASSWORD
    source = baseConfig(dataDir, { DATABASE_URL: url.toString() })
    sourceHandle = handle
  } else {
    // The embedded database in a real data directory, started from the migrated template (as fast as the in-memory one).
    const template = process.env[PGLITE_TEMPLATE_ENV]
    if (template && fs.existsSync(template)) {
      fs.mkdirSync(dataDir, { recursive: true })
      const client = await PGlite.create(path.join(dataDir, 'pgdata'), {
        loadDataDir: new Blob([fs.readFileSync(template)]),
        extensions: { pg_trgm, unaccent },
      })
      await client.close()
    }
    source = baseConfig(dataDir)
    sourceHandle = await openAppDatabase(source)
  }
  // The reference data, the demo accounts and the demo world with its photos (stored on disk under DATA_DIR/media).
  const app = createAppServices(sourceHandle, source)
  await seedCatalogueIfEmpty(sourceHandle.db)
  await seedCurrencies(sourceHandle.db)
  await seedDemoUsers(sourceHandle.db)
  await seedDemoWorld(app)
  sourceTables = await everyTable(queryOf(sourceHandle))
  sourceMedia = await everyFile(source)
  if (!adminUrl) {
    await sourceHandle.close() // the server is stopped for an embedded backup
    sourceHandle = null
  }
}, 120_000)

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup()
  if (adminUrl && databases.length) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
    for (const name of databases) await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

describe(`backup and restore drill (${kind})`, () => {
  it('npm run backup writes one archive: manifest first, the database dump, the media; row counts and checksums in the manifest', async () => {
    expect(sourceMedia.size).toBeGreaterThan(5)
    expect([...sourceTables.keys()]).toContain('public.users')
    const out = path.join(work, 'backups')
    const run = await runScript('backup', ['--out', `${out}/`], envOf(source))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout + run.stderr).not.toContain(PASSWORD)
    const [file] = fs.readdirSync(out)
    expect(file).toMatch(/^meridian-backup-\d{8}T\d{6}Z\.tar\.gz$/)
    archive = path.join(out, file!)
    expect(run.stdout).toContain(`Backup complete: ${archive}`)
    expect(fs.statSync(archive).mode & 0o077).toBe(0)

    manifest = await readBackupManifest(archive)
    expect(manifest.database.kind).toBe(adminUrl ? 'postgresql' : 'pglite')
    expect(manifest.database.tables).toEqual(Object.fromEntries([...sourceTables].map(([table, rows]) => [table, JSON.parse(rows).length])))
    expect(manifest.database.tables['public.media_items']).toBeGreaterThan(0)
    expect(manifest.media).toMatchObject({ source: 'local', count: sourceMedia.size })
    expect(manifest.media.files.map((f) => f.key)).toEqual([...sourceMedia.keys()])
    expect(manifest.secrets).not.toBeNull()

    // Any tar reads it; the manifest comes first.
    const entries = await readTarGz(archive, () => ({ writeTo: null }))
    expect(entries[0]!.name).toBe(MANIFEST_NAME)
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining([manifest.database.file, 'data/secrets.json', ...manifest.media.files.map((f) => `storage/${f.key}`)]),
    )
  }, 60_000)

  it('npm run restore asks first (no terminal, no --yes: nothing changes); restore then puts back into an empty database and media folder: every table and every media file as they were', async () => {
    const target = await emptyTarget('restored')
    // Something there already: a media file the archive does not hold (removed) and, embedded, a database (kept aside).
    await createStorage(target.storage).put('media/00000000-0000-4000-8000-000000000000/original', Buffer.from('not in the backup'))
    if (!adminUrl) {
      fs.mkdirSync(path.join(target.dataDir, 'pgdata'), { recursive: true })
      fs.writeFileSync(path.join(target.dataDir, 'pgdata', 'PG_VERSION'), '18\n')
    }
    const refused = await runScript('restore', [archive], envOf(target))
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain(`Archive ${archive}`)
    expect(refused.stdout).toContain(adminUrl ? 'the database postgres://' : `the embedded database in ${target.dataDir}`)
    expect(refused.stderr).toContain('run again with --yes')
    expect([...(await everyFile(target)).keys()]).toEqual(['media/00000000-0000-4000-8000-000000000000/original'])

    let plan = ''
    const lines: string[] = []
    const result = await restoreBackup(target, archive, { confirm: (text) => ((plan = text), true), log: (line) => lines.push(line) })
    expect(plan).toBe(refused.stdout.trim())
    expect(lines.join('\n')).toContain(`media: ${sourceMedia.size} files`)
    expect(result).toMatchObject({ tables: sourceTables.size, files: sourceMedia.size, removed: 1 })
    if (!adminUrl) expect(result.previousDatabase).toMatch(/pgdata\.before-restore-\d{8}T\d{6}Z$/)
    if (!adminUrl) expect(fs.readFileSync(path.join(result.previousDatabase!, 'PG_VERSION'), 'utf8')).toBe('18\n')

    const restored = await everyFile(target)
    expect([...restored.keys()]).toEqual([...sourceMedia.keys()])
    for (const [key, bytes] of sourceMedia) expect(restored.get(key)!.equals(bytes), key).toBe(true)
    expect(fs.readFileSync(path.join(target.dataDir, 'secrets.json'))).toEqual(fs.readFileSync(path.join(source.dataDir, 'secrets.json')))
    // The application opens what was restored (finding no migration to apply), and every row is there.
    const handle = await openAppDatabase(target)
    try {
      expect(await everyTable(queryOf(handle))).toEqual(sourceTables)
    } finally {
      await handle.close()
    }
  }, 60_000)

  it('media in S3: listed and downloaded into the archive, uploaded back with their content types, strays removed', async () => {
    const s3: TestS3 = await startTestS3('meridian-drill')
    cleanups.push(() => s3.close())
    const s3Env = (prefix: string) => ({
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.options.endpoint!,
      S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
      S3_PREFIX: prefix,
    })
    // The source's media moved to S3 (as an operator moving to S3 would copy them), each with its content type.
    const onS3 = baseConfig(source.dataDir, { ...(source.databaseUrl ? { DATABASE_URL: source.databaseUrl } : {}), ...s3Env('live/') })
    const bucket = createStorage(onS3.storage)
    for (const [key, bytes] of sourceMedia) await bucket.put(key, bytes, { contentType: key.endsWith('.webp') ? 'image/webp' : 'image/jpeg' })

    const lines: string[] = []
    const { file, manifest: fromS3 } = await createBackup(onS3, { out: path.join(work, 's3-backup.tar.gz'), log: (line) => lines.push(line) })
    expect(lines.join('\n')).toContain(`s3://meridian-drill/live/`)
    expect(lines.join('\n')).not.toContain(PASSWORD)
    expect(fromS3.media).toMatchObject({ source: 's3', count: sourceMedia.size })
    expect(fromS3.media.files.every((f) => f.contentType?.startsWith('image/'))).toBe(true)

    // Restored under another prefix of the bucket that holds a stray object.
    const target = await emptyTarget('restored-s3', s3Env('restored/'), true)
    const store = createStorage(target.storage)
    await store.put('media/00000000-0000-4000-8000-000000000001/original', Buffer.from('stray'))
    let plan = ''
    const result = await restoreBackup(target, file, { confirm: (text) => ((plan = text), true) })
    expect(plan).toContain('the media in s3://meridian-drill/restored/')
    // The database came back too (restore compares its row counts with the manifest's).
    expect(result).toMatchObject({ files: sourceMedia.size, removed: 1, rows: [...sourceTables.values()].reduce((n, rows) => n + JSON.parse(rows).length, 0) })
    const restored = await everyFile(target)
    expect([...restored.keys()]).toEqual([...sourceMedia.keys()])
    for (const [key, bytes] of sourceMedia) expect(restored.get(key)!.equals(bytes), key).toBe(true)
    const [first] = fromS3.media.files
    expect((await store.stat(first!.key))?.contentType).toBe(first!.contentType)
  }, 60_000)

  it('refuses an archive it does not understand, a damaged one and one of the other database kind, before changing anything', async () => {
    const target = await emptyTarget('refused')
    const sentinel = createStorage(target.storage)
    await sentinel.put('media/00000000-0000-4000-8000-000000000002/original', Buffer.from('keep me'))
    const restore = (file: string, config = target) => restoreBackup(config, file, { confirm: () => true })

    // Small archives made here: a manifest of this format with a database file and one media file.
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
    const dump = Buffer.from('not really a database')
    const photo = Buffer.from('a photo of a beach')
    const small: Manifest = {
      ...manifest,
      database: { ...manifest.database, size: dump.length, sha256: sha(dump), tables: {} },
      media: {
        source: 'local',
        count: 1,
        bytes: photo.length,
        files: [{ key: 'media/11111111-1111-4111-8111-111111111111/original', size: photo.length, sha256: sha(photo) }],
      },
      secrets: null,
    }
    const write = async (name: string, manifestValue: object, photoBytes = photo) => {
      const file = path.join(work, name)
      const text = Buffer.from(JSON.stringify(manifestValue))
      await writeTarGz(file, [
        { name: MANIFEST_NAME, size: text.length, open: () => text },
        { name: manifest.database.file, size: dump.length, open: () => dump },
        { name: `storage/${small.media.files[0]!.key}`, size: photoBytes.length, open: () => photoBytes },
      ])
      return file
    }
    const newer = await write('newer.tar.gz', { ...small, version: 2 })
    await expect(restore(newer)).rejects.toThrow(/format version 2; this version of Meridian reads version 1 only/)
    const damaged = await write('damaged.tar.gz', small, Buffer.from('a photo of a beach!'))
    await expect(restore(damaged)).rejects.toThrow(/archive is damaged: storage\/media\/1111.* does not match its checksum\. Nothing was changed/)
    const truncated = path.join(work, 'truncated.tar.gz')
    const whole = fs.readFileSync(await write('whole.tar.gz', small))
    fs.writeFileSync(truncated, whole.subarray(0, whole.length - 30)) // a copy cut short
    await expect(restore(truncated)).rejects.toThrow(/damaged|incomplete/)

    const notOurs = path.join(work, 'not-ours.tar.gz')
    fs.writeFileSync(notOurs, 'just some text')
    await expect(restore(notOurs)).rejects.toThrow(/is not a Meridian backup/)

    const otherKind = adminUrl
      ? baseConfig(path.join(work, 'refused-embedded'))
      : baseConfig(target.dataDir, { DATABASE_URL: 'postgres://meridian@127.0.0.1:1/none' })
    await expect(restore(archive, otherKind)).rejects.toThrow(adminUrl ? /DATABASE_URL is not set/ : /DATABASE_URL is set/)

    expect([...(await everyFile(target)).keys()]).toEqual(['media/00000000-0000-4000-8000-000000000002/original'])
    if (adminUrl) expect(await withQuery(target, (query) => query("select 1 from pg_tables where schemaname = 'public'"))).toEqual([])
    else expect(fs.existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false)
  }, 60_000)

  if (!adminUrl) {
    it('refuses to back up or restore while a server holds the data directory, and says to stop it', async () => {
      // A server's lock on the data directory, as a running server leaves it (this live process's id).
      const lock = path.join(source.dataDir, 'meridian.lock')
      fs.writeFileSync(lock, String(process.pid))
      try {
        await expect(createBackup(source, { out: path.join(work, 'while-running.tar.gz') })).rejects.toThrow(
          new RegExp(`server \\(pid ${process.pid}\\) is using the data directory .* Stop the server first`),
        )
        await expect(restoreBackup(source, archive, { confirm: () => true })).rejects.toThrow(/Stop the server first/)
        expect(fs.existsSync(path.join(work, 'while-running.tar.gz'))).toBe(false)
      } finally {
        fs.rmSync(lock, { force: true })
      }
    }, 30_000)
  } else {
    it('a database it cannot reach: a clear error naming the database without its password', async () => {
      const url = new URL(adminUrl)
      url.password = PASSWORD
      url.pathname = '/meridian_no_such_database'
      const config = baseConfig(path.join(work, 'unreachable'), { DATABASE_URL: url.toString() })
      const failure = await createBackup(config, { out: path.join(work, 'unreachable.tar.gz') }).catch((error: Error) => error)
      expect(failure).toBeInstanceOf(Error)
      expect((failure as Error).message).toMatch(/Could not connect to postgres:\/\/.*\/meridian_no_such_database/)
      expect((failure as Error).message).not.toContain(PASSWORD)
    })
  }
})
