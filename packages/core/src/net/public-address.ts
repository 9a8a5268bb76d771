import { isIP } from 'node:net'

/**
 * Whether an IP address is on the public internet: not loopback, private, link-local, carrier-grade NAT,
 * multicast, reserved or unspecified. Used before the server fetches an address a person typed, so that a
 * setting cannot point it at the machine itself or the network behind it.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return isPublicV4(v4Octets(address))
  if (family === 6) return isPublicV6(address)
  return false
}

function v4Octets(address: string): number[] {
  return address.split('.').map(Number)
}

function isPublicV4([a = 0, b = 0, c = 0]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127) return false // this network, private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false // carrier-grade NAT
  if (a === 169 && b === 254) return false // link-local (cloud metadata services)
  if (a === 172 && b >= 16 && b <= 31) return false
  if (a === 192 && b === 168) return false
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false // IETF protocol assignments, documentation
  if (a === 198 && (b === 18 || b === 19)) return false // benchmarking
  if (a === 198 && b === 51 && c === 100) return false
  if (a === 203 && b === 0 && c === 113) return false
  if (a >= 224) return false // multicast, reserved, broadcast
  return true
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = v4Octets(dotted[1]!)
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16))
}

function isPublicV6(address: string): boolean {
  const g = v6Groups(address)
  const first = g[0]!
  const embeddedV4 = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff]
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), :: and ::1
    return g[5] === 0xffff ? isPublicV4(embeddedV4) : false
  }
  if (first === 0x64 && g[1] === 0xff9b) return isPublicV4(embeddedV4) // NAT64
  if ((first & 0xfe00) === 0xfc00) return false // unique local
  if ((first & 0xffc0) === 0xfe80) return false // link-local
  if ((first & 0xff00) === 0xff00) return false // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return false // documentation
  if (first === 0x2002) return isPublicV4([g[1]! >> 8, g[1]! & 0xff, g[2]! >> 8, g[2]! & 0xff]) // 6to4
  return (first & 0xe000) === 0x2000 // global unicast
}

/** Host names that always mean this machine or the local network, whatever DNS says. */
export function isLocalHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal') || !name.includes('.')
}
