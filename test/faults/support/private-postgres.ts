import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

/**
 * A PostgreSQL cluster of the fault suite's own (initdb into a temporary directory, a free port, a private socket
 * directory), so that the suite can stop and restart a real server without touching the machine's shared one.
 * Run as root, the server runs as the `postgres` OS user (PostgreSQL refuses to run as root).
 */
export interface ClusterInfo {
  /** Top directory: data/, sockets/, server.log */
  dir: string
  port: number
  binDir: string
  /** OS user running the server; empty when it is the current user. */
  osUser: string
}

export function clusterBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR
  for (const version of ['15', '16', '17', '14']) {
    const dir = `/usr/lib/postgresql/${version}/bin`
    if (fs.existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
  } catch {
    throw new Error('PostgreSQL server binaries not found: install postgresql (15) or set PG_BIN_DIR')
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Asynchronous, so that the test's own requests keep running while the server stops and starts. */
function run(info: ClusterInfo, tool: string, args: string[], allowFailure = false): Promise<string> {
  const bin = path.join(info.binDir, tool)
  const [command, fullArgs] = info.osUser ? ['runuser', ['-u', info.osUser, '--', bin, ...args]] : [bin, args]
  return new Promise((resolve, reject) => {
    execFile(command, fullArgs, { encoding: 'utf8', cwd: info.dir }, (error, stdout, stderr) => {
      if (!error || allowFailure) return resolve(stdout)
      const log = path.join(info.dir, 'server.log')
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : ''
      reject(new Error(`${tool} ${args.join(' ')} failed (${error.code}):\n${stderr}${stdout}\n${tail}`))
    })
  })
}

/** initdb a new cluster and start it; small, fast and throw-away (no fsync). */
export async function createCluster(): Promise<ClusterInfo> {
  const isRoot = process.getuid?.() === 0
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-faults-pg-'))
  fs.mkdirSync(path.join(dir, 'sockets'))
  const info: ClusterInfo = { dir, port: await freePort(), binDir: clusterBinDir(), osUser: isRoot ? 'postgres' : '' }
  if (isRoot) {
    fs.chmodSync(dir, 0o755)
    execFileSync('chown', ['-R', 'postgres:postgres', dir])
  }
  await run(info, 'initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'])
  await startCluster(info)
  return info
}

function serverOptions(info: ClusterInfo): string {
  return [
    `-p ${info.port}`,
    `-k ${path.join(info.dir, 'sockets')}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=120',
    '-c shared_buffers=32MB',
  ].join(' ')
}

export function startCluster(info: ClusterInfo): Promise<string> {
  return run(info, 'pg_ctl', ['-D', path.join(info.dir, 'data'), '-l', path.join(info.dir, 'server.log'), '-w', '-t', '60', '-o', serverOptions(info), 'start'])
}

/** Fast shutdown: every session is terminated (SQLSTATE 57P01), open transactions roll back. */
export function stopCluster(info: ClusterInfo): Promise<string> {
  return run(info, 'pg_ctl', ['-D', path.join(info.dir, 'data'), '-m', 'fast', '-w', '-t', '60', 'stop'])
}

export async function destroyCluster(info: ClusterInfo) {
  await run(info, 'pg_ctl', ['-D', path.join(info.dir, 'data'), '-m', 'immediate', '-w', '-t', '30', 'stop'], true)
  fs.rmSync(info.dir, { recursive: true, force: true })
}

export function clusterUrl(info: ClusterInfo, database = 'postgres'): string {
  return `postgres://postgres@127.0.0.1:${info.port}/${database}`
}
