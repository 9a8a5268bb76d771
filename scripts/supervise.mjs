// Keep a server process running as a process manager would: restart it when it exits abnormally, waiting longer
// after each quick failure (1 s, 2 s, 4 s … up to 30 s; back to 1 s once it has stayed up for a minute), and say why
// in the log. SIGINT/SIGTERM are passed on and end supervision; a clean exit (0) ends it too, and so does exit code
// 78 (EX_CONFIG: bad configuration or a data directory held by another process), which a restart cannot mend.
import { spawn } from 'node:child_process'

export const EXIT_DO_NOT_RESTART = 78

/**
 * @param {{ command: string, args: string[], env?: NodeJS.ProcessEnv, cwd?: string, log?: (line: string) => void,
 *   firstDelayMs?: number, maxDelayMs?: number, stableAfterMs?: number, onStart?: (child: import('node:child_process').ChildProcess) => void }} options
 * @returns {Promise<number>} the exit code supervision ends with
 */
export function supervise(options) {
  const log = options.log ?? ((line) => console.error(`[supervisor] ${line}`))
  const firstDelay = options.firstDelayMs ?? 1_000
  const maxDelay = options.maxDelayMs ?? 30_000
  const stableAfter = options.stableAfterMs ?? 60_000
  let delay = firstDelay
  let stopping = null
  let child = null
  let timer = null
  let restarts = 0

  return new Promise((resolve) => {
    const onSignal = (signal) => {
      stopping = signal
      if (timer) {
        clearTimeout(timer)
        finish(0)
      } else child?.kill(signal)
    }
    const finish = (code) => {
      for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, onSignal)
      resolve(code)
    }
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, onSignal)

    const start = () => {
      timer = null
      const started = Date.now()
      child = spawn(options.command, options.args, { cwd: options.cwd, env: options.env, stdio: 'inherit' })
      options.onStart?.(child)
      child.on('error', (error) => log(`could not start the server: ${error.message}`))
      child.on('exit', (code, signal) => {
        if (stopping) return finish(code ?? 0)
        if (code === 0) return finish(0)
        if (code === EXIT_DO_NOT_RESTART) {
          log(`server stopped (exit code ${code}): its configuration or data directory needs attention; not restarting`)
          return finish(code)
        }
        const uptime = Date.now() - started
        if (uptime >= stableAfter) delay = firstDelay
        const why = signal ? `was killed by ${signal}` : `exited with code ${code}`
        restarts++
        log(`server ${why} after ${Math.round(uptime / 1000)} s; restarting in ${Math.round(delay / 1000)} s (restart ${restarts})`)
        timer = setTimeout(start, delay)
        delay = Math.min(delay * 2, maxDelay)
      })
    }
    start()
  })
}
