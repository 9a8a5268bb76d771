// A process and its descendants as Linux shows them in /proc: who is whose parent, what each runs, its resident memory
// (VmRSS) and CPU time. Elsewhere every reading is empty or null, and the figures built on them say n/a.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

export interface ProcStat {
  pid: number
  ppid: number
  /** The command name the kernel keeps (/proc/<pid>/comm, at most 15 characters). */
  name: string
  /** User + system CPU time so far, ms. */
  cpuMs: number
  /** Start time in clock ticks since boot: a pid with another start time is another process. */
  startTicks: number
}

export interface TreeMember extends ProcStat {
  /** npm, launcher (node scripts/start.mjs), server (the bundle alone), primary (the bundle with workers), worker N. */
  role: string
  rssMb: number
}

let ticksPerSecond: number | undefined
const ticks = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100)

export function readStat(pid: number): ProcStat | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the parenthesised command name (which may hold spaces and parentheses): state, ppid, … utime is the 12th
    // field from there, stime the 13th and starttime the 20th.
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ')
    return {
      pid,
      name: line.slice(line.indexOf('(') + 1, line.lastIndexOf(')')),
      ppid: Number(fields[1]),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks(),
      startTicks: Number(fields[19]),
    }
  } catch {
    return null
  }
}

/** User + system CPU ms of a process so far, or null where /proc is missing. */
export const cpuMs = (pid: number | undefined): number | null => (pid ? (readStat(pid)?.cpuMs ?? null) : null)

/**
 * User + system CPU ms so far of every PostgreSQL process on this machine (the server and its backends, by command
 * name), or null where /proc is missing: the database competes for the same cores as the app and the load generator.
 */
export function postgresCpuMs(): number | null {
  let entries: string[]
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return null
  }
  return entries.reduce((total, entry) => {
    const stat = readStat(Number(entry))
    return stat?.name === 'postgres' ? total + stat.cpuMs : total
  }, 0)
}

/** Resident memory (VmRSS) in MB, or null once the process is gone. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return kb ? Number(kb[1]) / 1024 : null
  } catch {
    return null
  }
}

const commandLine = (pid: number): string[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return []
  }
}

/** The process and every descendant, parents before children; empty once the process is gone. */
export function treeStats(rootPid: number): ProcStat[] {
  let names: string[]
  try {
    names = fs.readdirSync('/proc')
  } catch {
    return []
  }
  const children = new Map<number, ProcStat[]>()
  let root: ProcStat | null = null
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue
    const stat = readStat(Number(name))
    if (!stat) continue
    if (stat.pid === rootPid) root = stat
    const siblings = children.get(stat.ppid) ?? []
    siblings.push(stat)
    children.set(stat.ppid, siblings)
  }
  if (!root) return []
  const tree = [root]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!.pid) ?? []).sort((a, b) => a.pid - b.pid))
  return tree
}

const isBundle = (args: string[]) => args.some((arg) => arg.endsWith('/build/node/server.mjs'))
const isLauncher = (args: string[]) => args.some((arg) => arg.endsWith('scripts/start.mjs'))

/**
 * The tree with each process's role and resident memory. `rootRole` names the root when its command line does not
 * (npm runs as `node …/npm start`).
 */
export function describeTree(rootPid: number, rootRole?: string): TreeMember[] {
  const stats = treeStats(rootPid)
  const args = new Map(stats.map((s) => [s.pid, commandLine(s.pid)]))
  const bundle = (pid: number) => isBundle(args.get(pid) ?? [])
  let workers = 0
  const members: TreeMember[] = []
  for (const stat of stats) {
    const argv = args.get(stat.pid) ?? []
    let role: string
    if (isLauncher(argv)) role = 'launcher'
    else if (bundle(stat.pid)) {
      if (bundle(stat.ppid)) role = `worker ${++workers}`
      else role = stats.some((s) => s.ppid === stat.pid && bundle(s.pid)) ? 'primary' : 'server'
    } else if (stat.pid === rootPid && rootRole) role = rootRole
    else role = `other (${argv[0]?.split('/').pop() ?? 'gone'})`
    const rss = rssMb(stat.pid)
    if (rss !== null) members.push({ ...stat, role, rssMb: rss })
  }
  return members
}

export const isServerRole = (role: string) => role === 'server' || role === 'primary' || role.startsWith('worker ')

/** True while the process that had this pid and start time runs (a zombie no longer counts). */
export function stillRunning(process: ProcStat): boolean {
  const now = readStat(process.pid)
  if (!now || now.startTicks !== process.startTicks) return false
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${process.pid}/status`, 'utf8'))
  } catch {
    return false
  }
}
