import net from 'node:net'

/**
 * A TCP proxy on loopback in front of the test server, for a browser that should lose its connections the way a
 * phone in a tunnel does: `cut()` ends every open connection at once (an event stream included), `hold()` keeps new
 * connections waiting until `release()`, `refuse()` drops every connection until `accept()` (no network, for the
 * service worker too, which Playwright's offline mode leaves online), and the server never learns it is being tested.
 */
export async function cuttingProxy(target: string) {
  const { hostname, port } = new URL(target)
  const open = new Set<net.Socket>()
  let held: (() => void)[] | null = null
  let refusing = false
  const server = net.createServer((client) => {
    // No network at all: a connection is dropped as it arrives, and the browser's request fails at once.
    if (refusing) return void client.destroy()
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
    /** Every new connection is dropped at once (and every open one now), until accept(): the network is gone. */
    refuse() {
      refusing = true
      for (const socket of open) socket.destroy()
    },
    accept() {
      refusing = false
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
