// The backup archive's manifest: what the archive holds, so restore can refuse what it does not understand and
// check every byte it puts back.

export const MANIFEST_NAME = 'manifest.json'
export const BACKUP_FORMAT = 'meridian-backup'
export const BACKUP_FORMAT_VERSION = 1

/** Archive entry names (docs/operations.md "What the archive holds"). */
export const ENTRY = {
  pgliteDump: 'database/pgdata.tar',
  postgresDump: 'database/meridian.pgdump',
  secrets: 'data/secrets.json',
  storagePrefix: 'storage/',
} as const

/** The storage key prefixes the application writes under; everything it stores lives below these. */
export const STORAGE_PREFIXES = ['media'] as const

export type DatabaseKind = 'pglite' | 'postgresql'

export interface ManifestFile {
  /** Storage key (media/<uuid>/original …); in the archive under storage/<key>. */
  key: string
  size: number
  sha256: string
  contentType?: string
}

export interface Manifest {
  format: typeof BACKUP_FORMAT
  version: typeof BACKUP_FORMAT_VERSION
  /** When the backup was taken (ISO 8601, UTC). */
  createdAt: string
  database: {
    kind: DatabaseKind
    /** Entry holding the dump: a PGlite data directory tarball, or a pg_dump custom-format file. */
    file: string
    size: number
    sha256: string
    /** Rows per table ("schema.table"), counted in the same snapshot as the dump. */
    tables: Record<string, number>
    /** Applied migrations: how many and the newest one's timestamp (drizzle's created_at). */
    migrations: { count: number; last: number | null }
    /** PostgreSQL server version, or the PGlite package version. */
    engineVersion: string
  }
  media: {
    /** Where the files came from: the disk folder or S3 (the archive holds the same layout either way). */
    source: 'local' | 's3'
    count: number
    bytes: number
    files: ManifestFile[]
  }
  /** DATA_DIR/secrets.json (the generated JWT secret) when the data directory had one. */
  secrets: { size: number; sha256: string } | null
}

export class ManifestError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ManifestError'
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const SHA256 = /^[0-9a-f]{64}$/
const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0

/** Parse and check a manifest: anything but a version-1 Meridian backup manifest is refused with the reason. */
export function parseManifest(text: string): Manifest {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ManifestError('The archive has no readable manifest.json: it is not a Meridian backup.')
  }
  if (!isObject(value) || value.format !== BACKUP_FORMAT) throw new ManifestError('The archive is not a Meridian backup (its manifest names another format).')
  if (value.version !== BACKUP_FORMAT_VERSION) {
    throw new ManifestError(
      `The archive is a Meridian backup of format version ${JSON.stringify(
        value.version,
      )}; this version of Meridian reads version ${BACKUP_FORMAT_VERSION} only. ` + 'Restore it with the Meridian version that made it (or a newer one).',
    )
  }
  const db = value.database
  const media = value.media
  const broken = (what: string) => new ManifestError(`The archive's manifest is damaged (${what}).`)
  if (typeof value.createdAt !== 'string' || Number.isNaN(Date.parse(value.createdAt))) throw broken('createdAt')
  if (!isObject(db)) throw broken('database')
  if (db.kind !== 'pglite' && db.kind !== 'postgresql') throw broken('database.kind')
  if (db.file !== (db.kind === 'pglite' ? ENTRY.pgliteDump : ENTRY.postgresDump)) throw broken('database.file')
  if (!isCount(db.size) || typeof db.sha256 !== 'string' || !SHA256.test(db.sha256)) throw broken('database checksum')
  if (!isObject(db.tables) || !Object.values(db.tables).every(isCount)) throw broken('database.tables')
  if (!isObject(db.migrations) || !isCount(db.migrations.count)) throw broken('database.migrations')
  if (typeof db.engineVersion !== 'string') throw broken('database.engineVersion')
  if (!isObject(media) || (media.source !== 'local' && media.source !== 's3') || !Array.isArray(media.files)) throw broken('media')
  const keys = new Set<string>()
  for (const file of media.files as unknown[]) {
    if (!isObject(file) || typeof file.key !== 'string' || !KEY.test(file.key) || file.key.split('/').includes('..')) throw broken('a media key')
    if (!STORAGE_PREFIXES.some((prefix) => (file.key as string).startsWith(`${prefix}/`))) throw broken(`media key ${file.key}`)
    if (!isCount(file.size) || typeof file.sha256 !== 'string' || !SHA256.test(file.sha256)) throw broken(`checksum of ${file.key}`)
    if (file.contentType !== undefined && typeof file.contentType !== 'string') throw broken(`content type of ${file.key}`)
    if (keys.has(file.key)) throw broken(`${file.key} listed twice`)
    keys.add(file.key)
  }
  if (media.count !== media.files.length || !isCount(media.bytes)) throw broken('media.count')
  const secrets = value.secrets
  if (secrets !== null && (!isObject(secrets) || !isCount(secrets.size) || typeof secrets.sha256 !== 'string' || !SHA256.test(secrets.sha256))) {
    throw broken('secrets')
  }
  return value as unknown as Manifest
}

/** Every entry the archive must hold besides the manifest, with its expected size and checksum. */
export function expectedEntries(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  const expected = new Map<string, { size: number; sha256: string }>()
  expected.set(manifest.database.file, { size: manifest.database.size, sha256: manifest.database.sha256 })
  if (manifest.secrets) expected.set(ENTRY.secrets, manifest.secrets)
  for (const file of manifest.media.files) expected.set(`${ENTRY.storagePrefix}${file.key}`, { size: file.size, sha256: file.sha256 })
  return expected
}

export const totalRows = (manifest: Manifest) => Object.values(manifest.database.tables).reduce((sum, n) => sum + n, 0)

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}`
}
