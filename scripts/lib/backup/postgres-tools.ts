// pg_dump and pg_restore for the PostgreSQL backups. The connection goes to them in libpq's environment variables,
// never on the command line (where any user of the machine could read the password in the process list).
import { spawn } from 'node:child_process'
import path from 'node:path'

/** The URL as it may be printed: no password, no query string. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`
  } catch {
    return 'postgres://(unparsable DATABASE_URL)'
  }
}

/** Query parameters of a connection URL that libpq knows under an environment variable. */
const LIBPQ_PARAMS: Record<string, string> = {
  sslmode: 'PGSSLMODE',
  sslrootcert: 'PGSSLROOTCERT',
  sslcert: 'PGSSLCERT',
  sslkey: 'PGSSLKEY',
  connect_timeout: 'PGCONNECT_TIMEOUT',
  host: 'PGHOST',
  port: 'PGPORT',
  user: 'PGUSER',
  password: 'PGPASSWORD',
  dbname: 'PGDATABASE',
  application_name: 'PGAPPNAME',
}

/** libpq environment for a postgres:// URL. */
export function libpqEnv(url: string): Record<string, string> {
  const parsed = new URL(url)
  const env: Record<string, string> = { PGAPPNAME: 'meridian-backup' }
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, '$1')
  if (parsed.port) env.PGPORT = parsed.port
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username)
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password)
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  if (database) env.PGDATABASE = database
  for (const [key, value] of parsed.searchParams) {
    if (key === 'ssl' && ['true', '1', 'require'].includes(value)) env.PGSSLMODE = 'require'
    const name = LIBPQ_PARAMS[key]
    if (name) env[name] = value
  }
  return env
}

export class ToolError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolError'
  }
}

/** Run a PostgreSQL client tool (pg_dump, pg_restore) against the URL's database; rejects with its error output. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string, binDir?: string): Promise<void> {
  const command = binDir ? path.join(binDir, tool) : tool
  return new Promise((resolve, reject) => {
    // Only what the tool needs from this process's environment: a PG* variable set here must not redirect it.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PG'))) as NodeJS.ProcessEnv
    const child = spawn(command, args, { env: { ...inherited, ...libpqEnv(url) }, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 20_000) stderr += chunk.toString()
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ToolError(
          error.code === 'ENOENT'
            ? `${tool} was not found${
                binDir ? ` in ${binDir}` : ' on the PATH'
              }: install the PostgreSQL client tools (Debian: apt-get install postgresql-client), of the server's major version or newer, or name their folder with --pg-bin.`
            : `${tool} could not be started: ${error.message}`,
        ),
      )
    })
    child.on('close', (code, signal) => {
      if (code === 0) resolve()
      else reject(new ToolError(`${tool} failed (${signal ?? `exit ${code}`}):\n${stderr.trim()}`))
    })
  })
}
