import { spawn } from 'node:child_process'

export interface ProbeResult {
  duration: number | null
  width: number | null
  height: number | null
  codec: string | null
  rotation: number
}

interface RunResult {
  code: number | null
  stdout: Buffer
  stderr: string
}

/** Run a tool with a time limit, collecting its output (capped at 32 MiB). */
function run(command: string, args: string[], timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let outSize = 0
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      outSize += chunk.length
      if (outSize <= 32 * 1024 * 1024) out.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-4000)))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout: Buffer.concat(out), stderr: err })
    })
  })
}

const available = new Map<string, Promise<boolean>>()

/** Is this tool installed here? Asked once per path and process. */
export function hasTool(command: string): Promise<boolean> {
  let known = available.get(command)
  if (!known) {
    known = run(command, ['-version'], 10_000).then(
      (r) => r.code === 0,
      () => false,
    )
    available.set(command, known)
  }
  return known
}

/** Duration, size and codec of a video file (ffprobe). */
export async function probeVideo(ffprobe: string, file: string): Promise<ProbeResult> {
  const result = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])
  if (result.code !== 0) throw new Error(`The video could not be read: ${result.stderr.trim().split('\n').pop() || 'ffprobe failed'}`)
  const info = JSON.parse(result.stdout.toString('utf8')) as {
    format?: { duration?: string }
    streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string; tags?: { rotate?: string }; side_data_list?: { rotation?: number }[] }[]
  }
  const video = info.streams?.find((s) => s.codec_type === 'video')
  const duration = Number(info.format?.duration ?? video?.duration)
  const rotation = Math.abs(Number(video?.tags?.rotate ?? video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 360
  const turned = rotation === 90 || rotation === 270
  return {
    duration: Number.isFinite(duration) ? duration : null,
    width: (turned ? video?.height : video?.width) ?? null,
    height: (turned ? video?.width : video?.height) ?? null,
    codec: video?.codec_name ?? null,
    rotation,
  }
}

/** One frame at `at` seconds as a PNG (ffmpeg applies the stream's rotation itself). */
export async function posterFrame(ffmpeg: string, file: string, at: number): Promise<Buffer | null> {
  const result = await run(ffmpeg, ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1'])
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : null
}
