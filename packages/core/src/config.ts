import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'

/** Every setting of the application, read and checked in this one place. */
export interface AppConfig {
  nodeEnv: string
  production: boolean
  port: number
  host: string
  dataDir: string
  databaseUrl: string | null
  jwtSecret: string
  accessTokenMinutes: number
  refreshTokenDays: number
  sessionDays: number
  supportEmail: string
  registrationEnabled: boolean
  smtpUrl: string | null
  mailFrom: string
  appOrigin: string | null
  trustProxy: boolean
  seedDemo: boolean
}

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
  let jwtSecret = env.JWT_SECRET || ''
  if (jwtSecret && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters')
  if (!jwtSecret) {
    if (databaseUrl && production) {
      throw new ConfigError('JWT_SECRET is required in production with DATABASE_URL (every app process must share it)')
    }
    jwtSecret = secretFromDataDir(dataDir)
  }
  return {
    nodeEnv,
    production,
    port: int(env, 'PORT', 3000, 0),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    jwtSecret,
    accessTokenMinutes: int(env, 'ACCESS_TOKEN_MINUTES', 60),
    refreshTokenDays: int(env, 'REFRESH_TOKEN_DAYS', 7),
    sessionDays: int(env, 'SESSION_DAYS', 30),
    supportEmail: env.SUPPORT_EMAIL || 'support@meridian.example',
    registrationEnabled: bool(env, 'REGISTRATION_ENABLED', true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Meridian Travel <no-reply@meridian.example>',
    appOrigin: env.APP_ORIGIN ? env.APP_ORIGIN.replace(/\/$/, '') : null,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
  }
}
