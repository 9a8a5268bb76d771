import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig as loadConfigFrom } from './config.ts'

/** loadConfig over exactly these variables (the process's own environment stays out of it). */
const loadConfig = (vars: Record<string, string>) => loadConfigFrom(vars as NodeJS.ProcessEnv)

const dirs: string[] = []
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

describe('loadConfig', () => {
  it('generates a JWT secret in DATA_DIR once and reuses it', () => {
    const dataDir = path.join(tempDir(), 'not-yet-created')
    const first = loadConfig({ DATA_DIR: dataDir })
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dataDir, 'secrets.json')
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ jwt_secret: first.jwtSecret })
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)

    const second = loadConfig({ DATA_DIR: dataDir })
    expect(second.jwtSecret).toBe(first.jwtSecret)
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret)
  })

  it('uses an explicit JWT_SECRET and writes nothing', () => {
    const dataDir = tempDir()
    const secret = 's'.repeat(32)
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret }).jwtSecret).toBe(secret)
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false)
  })

  it('rejects a JWT_SECRET shorter than 32 characters', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(31) })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  it('requires JWT_SECRET in production with DATABASE_URL', () => {
    const dataDir = tempDir()
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/meridian', DATA_DIR: dataDir }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET is required in production/)
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false)
    expect(loadConfig({ ...env, JWT_SECRET: 'p'.repeat(40) }).production).toBe(true)
  })

  it('generates the secret in production on the embedded database, and outside production with DATABASE_URL', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() }).jwtSecret.length).toBeGreaterThanOrEqual(32)
    const dev = loadConfig({ DATABASE_URL: 'postgres://db.example/meridian', DATA_DIR: tempDir() })
    expect(dev.jwtSecret.length).toBeGreaterThanOrEqual(32)
  })

  it('seeds the demo world with the demo accounts unless SEED_DEMO_WORLD says otherwise', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(40) }
    expect([loadConfig(base).seedDemo, loadConfig(base).seedDemoWorld]).toEqual([true, true])
    const pg = { ...base, DATABASE_URL: 'postgres://db.example/meridian' }
    expect([loadConfig(pg).seedDemo, loadConfig(pg).seedDemoWorld]).toEqual([false, false])
    expect(loadConfig({ ...pg, SEED_DEMO: 'true' }).seedDemoWorld).toBe(true)
    expect(loadConfig({ ...pg, SEED_DEMO: 'true', SEED_DEMO_WORLD: 'false' })).toMatchObject({ seedDemo: true, seedDemoWorld: false })
    expect(() => loadConfig({ ...base, SEED_DEMO_WORLD: 'sometimes' })).toThrow(ConfigError)
  })

  it('reads the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) })
    expect(config).toMatchObject({
      production: false,
      accessTokenMinutes: 60,
      refreshTokenDays: 7,
      registrationEnabled: true,
      databaseUrl: null,
      trustProxy: { setting: false },
    })
  })

  it('reads the database limits and background intervals, refusing nonsense', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    expect(loadConfig(base)).toMatchObject({
      database: { poolMax: 10, statementTimeoutMs: 15_000, connectTimeoutMs: 5_000, queueTimeoutMs: 5_000, pooler: 'none' },
      ratesCheckIntervalMs: 3_600_000,
      mediaHousekeepingMs: 60_000,
    })
    const set = loadConfig({ ...base, DB_POOL_MAX: '4', DB_STATEMENT_TIMEOUT_MS: '0', DB_QUEUE_TIMEOUT_MS: '250', RATES_CHECK_INTERVAL_MS: '1000' })
    expect(set.database).toMatchObject({ poolMax: 4, statementTimeoutMs: 0, queueTimeoutMs: 250 })
    expect(set.ratesCheckIntervalMs).toBe(1000)
    expect(() => loadConfig({ ...base, DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX must be a whole number >= 1/)
    expect(() => loadConfig({ ...base, DB_QUEUE_TIMEOUT_MS: '1.5' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(ConfigError)
  })

  it('talks to PostgreSQL itself unless DATABASE_POOLER says a transaction pooler is in between, which needs DATABASE_DIRECT_URL', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    const pooled = 'postgres://meridian@pgbouncer:6432/meridian'
    const direct = 'postgres://meridian@db:5432/meridian'
    expect(loadConfig(base)).toMatchObject({ databaseUrl: null, databaseDirectUrl: null, database: { pooler: 'none' } })
    expect(loadConfig({ ...base, DATABASE_URL: direct })).toMatchObject({ databaseDirectUrl: direct, database: { pooler: 'none' } })

    const behind = loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct })
    expect(behind).toMatchObject({ databaseUrl: pooled, databaseDirectUrl: direct, database: { pooler: 'transaction' } })
    expect(loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_POOLER: 'None' }).database.pooler).toBe('none')
    expect(loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct }).databaseDirectUrl).toBe(direct)

    expect(() => loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_POOLER: 'pgbouncer' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_POOLER: 'session' })).toThrow(
      /DATABASE_POOLER must be none or transaction, got "session"/,
    )
    expect(() => loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_POOLER: 'transaction' })).toThrow(/DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL/)
    expect(() => loadConfig({ ...base, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct })).toThrow(/needs DATABASE_URL/)
    expect(() => loadConfig({ ...base, DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL needs DATABASE_URL/)
    expect(() => loadConfig({ ...base, DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'db:5432' })).toThrow(/must be a postgres:\/\/ URL/)
  })

  it('reads the shutdown bound (10 s by default), refusing nonsense', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    expect(loadConfig(base).shutdownTimeoutMs).toBe(10_000)
    expect(loadConfig({ ...base, SHUTDOWN_TIMEOUT_MS: '25000' }).shutdownTimeoutMs).toBe(25_000)
    expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_MS: '50' })).toThrow(/SHUTDOWN_TIMEOUT_MS must be a whole number >= 100, got "50"/)
    expect(() => loadConfig({ ...base, SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow(ConfigError)
  })

  it('runs one worker per core on PostgreSQL unless WEB_CONCURRENCY says, and one process on the embedded database', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    const postgres = { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }
    expect(loadConfig(postgres).webConcurrency).toBe(os.availableParallelism())
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3)
    expect(loadConfig({ ...base, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(1)
    expect(() => loadConfig({ ...base, WEB_CONCURRENCY: 'two' })).toThrow(/WEB_CONCURRENCY must be a whole number >= 1, got "two"/)
  })

  it('refuses malformed numbers and booleans', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    expect(() => loadConfig({ ...base, ACCESS_TOKEN_MINUTES: 'ten' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, REGISTRATION_ENABLED: 'maybe' })).toThrow(ConfigError)
    expect(loadConfig({ ...base, REGISTRATION_ENABLED: 'false' }).registrationEnabled).toBe(false)
  })

  it('keeps media under DATA_DIR/media by default, and in S3 when a bucket is set', () => {
    const dataDir = tempDir()
    const base = { DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(32) }
    expect(loadConfig(base).storage).toEqual({ driver: 'local', root: path.join(dataDir, 'media') })
    expect(loadConfig({ ...base, S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage).toEqual(
      {
        driver: 's3',
        bucket: 'media',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
        prefix: undefined,
      },
    )
    expect(loadConfig({ ...base, S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).storage).toMatchObject({ region: 'eu-west-1', forcePathStyle: false })
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toThrow(ConfigError)
    expect(() => loadConfig({ ...base, S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(ConfigError)
  })

  it('reads the log level, log format and metrics token, refusing nonsense', () => {
    const base = { DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) }
    expect(loadConfig(base).observability).toEqual({ logLevel: 'info', logFormat: 'pretty', metricsToken: null, metricsQuerySample: 10 })
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).observability.logFormat).toBe('json')
    const token = 'm'.repeat(24)
    expect(loadConfig({ ...base, LOG_LEVEL: 'Silent', LOG_FORMAT: 'json', METRICS_TOKEN: ` ${token} `, METRICS_QUERY_SAMPLE: '1' }).observability).toEqual({
      logLevel: 'silent',
      logFormat: 'json',
      metricsToken: token,
      metricsQuerySample: 1,
    })
    expect(() => loadConfig({ ...base, METRICS_QUERY_SAMPLE: '0' })).toThrow(/METRICS_QUERY_SAMPLE must be a whole number >= 1/)
    expect(() => loadConfig({ ...base, LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/)
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT must be json or pretty/)
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/)
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'has a space in it, long enough' })).toThrow(ConfigError)
  })
})
