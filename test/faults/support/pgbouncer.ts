import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { freePort } from './private-postgres.ts'

/**
 * A PgBouncer of the test's own in front of a PostgreSQL server: transaction pooling, trust authentication, a free
 * port on 127.0.0.1 and no Unix socket, its files in a temporary directory. Debian's package (`pgbouncer`), found on
 * the PATH, at /usr/sbin/pgbouncer, or at PGBOUNCER_PATH; PgBouncer refuses to run as root, so as root it runs as the
 * `postgres` OS user.
 */
export interface PgBouncer {
  port: number
  /** The address of a database through the pooler. */
  url(database: string): string
  /** What it printed so far (its log). */
  output(): string
  /** Transactions it has passed on for a database so far (its admin console's SHOW STATS, updated every second). */
  transactions(database: string): Promise<number>
  stop(): Promise<void>
}

export function pgbouncerPath(): string {
  const candidates = [process.env.PGBOUNCER_PATH, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']
  try {
    candidates.push(execFileSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).trim())
  } catch {
    // not on the PATH
  }
  const found = candidates.find((candidate) => candidate && fs.existsSync(candidate))
  if (!found) {
    throw new Error('pgbouncer is not installed: `apt-get install pgbouncer` (Debian; .ci/run does it), or set PGBOUNCER_PATH to the program')
  }
  return found
}

export async function startPgBouncer(server: { port: number; host?: string }, options: { poolSize?: number } = {}): Promise<PgBouncer> {
  const program = pgbouncerPath()
  const isRoot = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-pgbouncer-'))
  const port = await freePort()
  fs.writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n')
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.host ?? '127.0.0.1'} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'admin_users = postgres',
      'pool_mode = transaction',
      // Few server connections for many clients: consecutive transactions of one client land on different ones.
      `default_pool_size = ${options.poolSize ?? 4}`,
      'max_client_conn = 500',
      'stats_period = 1',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  )
  if (isRoot) {
    fs.chmodSync(dir, 0o755)
    execFileSync('chown', ['-R', 'postgres:postgres', dir])
  }
  const args = [...(isRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')]
  const child: ChildProcess = spawn(program, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let running = true
  void exited.then(() => (running = false))

  const stop = async () => {
    if (running) {
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }

  /** The admin console speaks the simple query protocol only. */
  const adminQuery = async (command: string) => {
    const console = postgres(`postgres://postgres@127.0.0.1:${port}/pgbouncer`, { max: 1, fetch_types: false, onnotice: () => {}, connect_timeout: 2 })
    try {
      return await console.unsafe(command).simple()
    } finally {
      await console.end({ timeout: 1 })
    }
  }

  // Ready once its admin console answers.
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      await adminQuery('show version')
      break
    } catch (error) {
      if (!running || Date.now() > deadline) {
        await stop()
        throw new Error(`pgbouncer did not start (${(error as Error).message}):\n${text}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    output: () => text,
    async transactions(database) {
      const rows = (await adminQuery('show stats')) as unknown as { database: string; total_xact_count: string }[]
      return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0)
    },
    stop,
  }
}
