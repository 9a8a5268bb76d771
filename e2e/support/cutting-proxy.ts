import net from 'node:net'

/**
 * A TCP proxy on loopback in front of the test server, for a browser that should lose its connections the way a
 * phone in a tunnel does: `cut()` ends every open connection at once (an event stream included), `hold()` keeps new
 * connections waiting until `release()`, and the server never learns it is being tested.
 */
export async function cuttingProxy(target: string) {
  const { hostname, port } = new URL(target)
  const open = new Set<net.Socket>()
  let held: (() => void)[] | null = null
  const server = net.createServer((client) => {
    open.add(client)
    client.on('close', () => open.delete(client))
    client.on('error', () => client.destroy())
    const connect = () => {
      if (client.destroyed) return
      const upstream = net.connect(Number(port), hostname)
      open.add(upstream)
      upstream.on('close', () => {
        open.delete(upstream)
        client.destroy()
      })
      upstream.on('error', () => upstream.destroy())
      client.on('close', () => upstream.destroy())
      client.pipe(upstream)
      upstream.pipe(client)
    }
    if (held) {
      client.pause()
      held.push(() => {
        client.resume()
        connect()
      })
    } else connect()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    /** Drop every connection now open, mid-response if need be. */
    cut() {
      for (const socket of open) socket.destroy()
    },
    /** New connections wait (the browser sees no answer) until release(). */
    hold() {
      held ??= []
    },
    release() {
      const waiting = held ?? []
      held = null
      for (const go of waiting) go()
    },
    async close() {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
