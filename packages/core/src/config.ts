import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { StorageOptions } from '@meridian/storage'
import { parseTrustProxy, type TrustProxy, TrustProxyError } from './trust-proxy.ts'

/** Every setting of the application, read and checked in this one place. */
export interface AppConfig {
  nodeEnv: string
  production: boolean
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  /**
   * DATABASE_DIRECT_URL: PostgreSQL itself, for what needs a session of its own (LISTEN for live events, the migration
   * lock, backup and restore); DATABASE_URL unless said, and required with DATABASE_POOLER=transaction.
   */
  databaseDirectUrl: string | null
  jwtSecret: string
  accessTokenMinutes: number
  refreshTokenDays: number
  sessionDays: number
  supportEmail: string
  registrationEnabled: boolean
  smtpUrl: string | null
  mailFrom: string
  appOrigin: string | null
  /** The proxies in front of the server (TRUST_PROXY), as Express's 'trust proxy' setting takes them. */
  trustProxy: TrustProxy
  seedDemo: boolean
  /** With seedDemo: also the demo world (docs/demo.md) once per database; SEED_DEMO_WORLD=false keeps to the accounts. */
  seedDemoWorld: boolean
  /** Where media files live: local disk under DATA_DIR/media, or S3 when S3_BUCKET is set. */
  storage: StorageOptions
  /** Media items processed at once by this process. */
  mediaConcurrency: number
  ffmpegPath: string
  ffprobePath: string
  /** PostgreSQL pool and time limits (README, Reliability); unused on the embedded database. */
  database: DatabaseSettings
  /** How often each process checks whether the daily automatic rate update is due. */
  ratesCheckIntervalMs: number
  /** RATES_ALLOW_PRIVATE_URLS: the rates-file address may be on this machine or a private network (default: public hosts only). */
  ratesAllowPrivateUrls: boolean
  /** How often each process finishes pending storage deletions (the outbox) and clears dead uploads. */
  mediaHousekeepingMs: number
  /**
   * SHUTDOWN_TIMEOUT_MS: on SIGTERM/SIGINT, how long requests already in flight (and media being processed) may take to
   * finish before they are cut (docs/operations.md "Graceful shutdown").
   */
  shutdownTimeoutMs: number
  /**
   * WEB_CONCURRENCY: server processes (workers) behind the one port, each restarted on its own when it dies; on
   * PostgreSQL the core count unless said, always 1 on the embedded database (PGlite lives in its process).
   */
  webConcurrency: number
  /** Payments (docs/bookings.md "Payments"): the manual provider (default) or Stripe with its keys. */
  payments: PaymentSettings
  /** Logs and metrics (docs/observability.md). */
  observability: ObservabilitySettings
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export interface ObservabilitySettings {
  /** LOG_LEVEL: the least severe level written (info); silent writes nothing. */
  logLevel: LogLevel
  /** LOG_FORMAT: json (one object a line, for a log collector) or pretty (for a person); json in production, else pretty. */
  logFormat: 'json' | 'pretty'
  /**
   * METRICS_TOKEN: the bearer token /metrics asks for. Unset, nothing is recorded and /metrics answers 404 like any
   * unknown path.
   */
  metricsToken: string | null
  /** METRICS_QUERY_SAMPLE: one database statement in this many is timed for the metrics (10; 1 times every one). */
  metricsQuerySample: number
}

export interface PaymentSettings {
  /** PAYMENT_PROVIDER: manual (bank transfer or pay on site, staff mark payments received) or stripe. */
  provider: 'manual' | 'stripe'
  /** PAYMENT_BANK_DETAILS: the account travelers pay into by bank transfer, shown on the pay screen (manual). */
  bankDetails: string
  /** Set when the provider is stripe: every key is then required. */
  stripe: StripeSettings | null
}

export interface StripeSettings {
  /** STRIPE_SECRET_KEY (sk_… or a restricted rk_…): server side only. */
  secretKey: string
  /** STRIPE_PUBLISHABLE_KEY (pk_…): handed to Stripe.js on the pay screen. */
  publishableKey: string
  /** STRIPE_WEBHOOK_SECRET (whsec_…): checks the signature of POST /api/payments/webhook/. */
  webhookSecret: string
  /** STRIPE_API_BASE: another address for Stripe's API (stripe-mock, tests); null is Stripe itself. */
  apiBase: string | null
}

export interface DatabaseSettings {
  /** DB_POOL_MAX: connections per app process. */
  poolMax: number
  /** DB_STATEMENT_TIMEOUT_MS: a statement running longer is cancelled and the request answered 503; 0 = no limit. */
  statementTimeoutMs: number
  /** DB_CONNECT_TIMEOUT_MS: opening a connection gives up after this long. */
  connectTimeoutMs: number
  /** DB_QUEUE_TIMEOUT_MS: the longest a request waits for a free pooled connection before a 503. */
  queueTimeoutMs: number
  /**
   * DATABASE_POOLER: what DATABASE_URL leads to. `none` (default): PostgreSQL itself, or a pooler in session mode that
   * passes settings at connect. `transaction`: a pooler in transaction mode (PgBouncer before 1.21): no named prepared
   * statements and no settings at connect; statement_timeout and jit are then the database role's (docs/operations.md
   * "Behind a connection pooler").
   */
  pooler: DatabasePooler
}

export const DATABASE_POOLERS = ['none', 'transaction'] as const
export type DatabasePooler = (typeof DATABASE_POOLERS)[number]

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`)
  return value
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${raw}"`)
}

function trustProxy(raw: string | undefined): TrustProxy {
  try {
    return parseTrustProxy(raw)
  } catch (error) {
    if (error instanceof TrustProxyError) throw new ConfigError(error.message)
    throw error
  }
}

/** The embedded default keeps generated secrets in the data directory, created once. */
function secretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'secrets.json')
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { jwt_secret?: string }
    if (stored.jwt_secret) return stored.jwt_secret
  } catch {
    // not written yet
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  fs.writeFileSync(file, JSON.stringify({ jwt_secret: secret }, null, 2), { mode: 0o600 })
  return secret
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development'
  const production = nodeEnv === 'production'
  const dataDir = path.resolve(env.DATA_DIR || '.data')
  const databaseUrl = env.DATABASE_URL || null
  const pooler = databasePooler(env, databaseUrl)
  let jwtSecret = env.JWT_SECRET || ''
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters')
  if (!jwtSecret) {
    if (databaseUrl && production) {
      throw new ConfigError('JWT_SECRET is required in production with DATABASE_URL (every app process must share it)')
    }
    jwtSecret = secretFromDataDir(dataDir)
  }
  // Read on the embedded database too (a typo is said at once), where one process serves whatever it says.
  const workers = int(env, 'WEB_CONCURRENCY', os.availableParallelism())
  return {
    nodeEnv,
    production,
    port: int(env, 'PORT', 3000, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseDirectUrl: databaseDirectUrl(env, databaseUrl, pooler),
    jwtSecret,
    accessTokenMinutes: int(env, 'ACCESS_TOKEN_MINUTES', 60),
    refreshTokenDays: int(env, 'REFRESH_TOKEN_DAYS', 7),
    sessionDays: int(env, 'SESSION_DAYS', 30),
    supportEmail: env.SUPPORT_EMAIL || 'support@meridian.example',
    registrationEnabled: bool(env, 'REGISTRATION_ENABLED', true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Meridian Travel <no-reply@meridian.example>',
    appOrigin: env.APP_ORIGIN ? env.APP_ORIGIN.replace(/\/$/, '') : null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
    seedDemoWorld: bool(env, 'SEED_DEMO_WORLD', bool(env, 'SEED_DEMO', !databaseUrl)),
    storage: storageOptions(env, dataDir),
    mediaConcurrency: int(env, 'MEDIA_CONCURRENCY', 2),
    ffmpegPath: env.FFMPEG_PATH || 'ffmpeg',
    ffprobePath: env.FFPROBE_PATH || 'ffprobe',
    database: {
      poolMax: int(env, 'DB_POOL_MAX', 10),
      statementTimeoutMs: int(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000, 0),
      connectTimeoutMs: int(env, 'DB_CONNECT_TIMEOUT_MS', 5_000),
      queueTimeoutMs: int(env, 'DB_QUEUE_TIMEOUT_MS', 5_000),
      pooler,
    },
    ratesCheckIntervalMs: int(env, 'RATES_CHECK_INTERVAL_MS', 3_600_000, 100),
    ratesAllowPrivateUrls: bool(env, 'RATES_ALLOW_PRIVATE_URLS', false),
    mediaHousekeepingMs: int(env, 'MEDIA_HOUSEKEEPING_MS', 60_000, 100),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100),
    webConcurrency: databaseUrl ? workers : 1,
    payments: paymentSettings(env),
    observability: observabilitySettings(env, production),
  }
}

function databasePooler(env: NodeJS.ProcessEnv, databaseUrl: string | null): DatabasePooler {
  const pooler = (env.DATABASE_POOLER?.trim().toLowerCase() || 'none') as DatabasePooler
  if (!DATABASE_POOLERS.includes(pooler)) throw new ConfigError(`DATABASE_POOLER must be none or transaction, got "${env.DATABASE_POOLER}"`)
  if (pooler !== 'none' && !databaseUrl) throw new ConfigError(`DATABASE_POOLER=${pooler} needs DATABASE_URL (the pooler's address)`)
  return pooler
}

function databaseDirectUrl(env: NodeJS.ProcessEnv, databaseUrl: string | null, pooler: DatabasePooler): string | null {
  const direct = env.DATABASE_DIRECT_URL?.trim() || null
  if (direct && !databaseUrl) throw new ConfigError('DATABASE_DIRECT_URL needs DATABASE_URL (it is where the rest of the traffic goes)')
  if (direct && !/^postgres(ql)?:\/\//.test(direct)) throw new ConfigError('DATABASE_DIRECT_URL must be a postgres:// URL')
  // Through a transaction pooler LISTEN hears nothing and the migration lock would stay on one of its server connections.
  if (!direct && pooler === 'transaction') {
    throw new ConfigError('DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL: PostgreSQL itself, for live events (LISTEN) and migrations')
  }
  return direct ?? databaseUrl
}

/** A token a scraper sends in a header: long enough not to be guessed, and nothing a header could not carry. */
const METRICS_TOKEN_SHAPE = /^[\x21-\x7e]{16,}$/

function observabilitySettings(env: NodeJS.ProcessEnv, production: boolean): ObservabilitySettings {
  const level = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel
  if (!LOG_LEVELS.includes(level)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`)
  const format = env.LOG_FORMAT?.trim().toLowerCase() || (production ? 'json' : 'pretty')
  if (format !== 'json' && format !== 'pretty') throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${env.LOG_FORMAT}"`)
  const token = env.METRICS_TOKEN?.trim() || null
  if (token && !METRICS_TOKEN_SHAPE.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 printable characters without spaces (for example: openssl rand -hex 24)')
  }
  return { logLevel: level, logFormat: format, metricsToken: token, metricsQuerySample: int(env, 'METRICS_QUERY_SAMPLE', 10) }
}

const STRIPE_KEYS = [
  ['STRIPE_SECRET_KEY', /^(sk|rk)_/, 'sk_'],
  ['STRIPE_PUBLISHABLE_KEY', /^pk_/, 'pk_'],
  ['STRIPE_WEBHOOK_SECRET', /^whsec_/, 'whsec_'],
] as const

function paymentSettings(env: NodeJS.ProcessEnv): PaymentSettings {
  const provider = (env.PAYMENT_PROVIDER?.trim().toLowerCase() || 'manual') as PaymentSettings['provider']
  if (provider !== 'manual' && provider !== 'stripe') throw new ConfigError(`PAYMENT_PROVIDER must be manual or stripe, got "${env.PAYMENT_PROVIDER}"`)
  const bankDetails = env.PAYMENT_BANK_DETAILS?.trim() ?? ''
  if (provider === 'manual') return { provider, bankDetails, stripe: null }
  const missing = STRIPE_KEYS.filter(([name]) => !env[name]?.trim()).map(([name]) => name)
  if (missing.length)
    throw new ConfigError(`PAYMENT_PROVIDER=stripe needs ${missing.join(', ')} (from the Stripe dashboard, Developers > API keys and Webhooks)`)
  for (const [name, shape, prefix] of STRIPE_KEYS) {
    if (!shape.test(env[name]!.trim())) throw new ConfigError(`${name} must start with ${prefix}${name === 'STRIPE_SECRET_KEY' ? ' (or rk_)' : ''}`)
  }
  const apiBase = env.STRIPE_API_BASE?.trim().replace(/\/$/, '') || null
  if (apiBase && !/^https?:\/\/[^/]+$/.test(apiBase)) throw new ConfigError(`STRIPE_API_BASE must be an http(s) origin, got "${apiBase}"`)
  return {
    provider,
    bankDetails,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY!.trim(),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!.trim(),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!.trim(),
      apiBase,
    },
  }
}

function storageOptions(env: NodeJS.ProcessEnv, dataDir: string): StorageOptions {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return { driver: 'local', root: path.resolve(env.MEDIA_ROOT || path.join(dataDir, 'media')) }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`)
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || undefined
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || undefined
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  }
  return {
    driver: 's3',
    bucket,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    prefix: env.S3_PREFIX?.trim() || undefined,
  }
}
