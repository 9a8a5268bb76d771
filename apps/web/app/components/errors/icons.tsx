// Small inline icons (stroke style, 24 px grid): no icon package is needed for three glyphs.
const base = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
}

export function AlertIcon({ size = 28 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M12 9v4" />
      <path d="M10.363 3.591 2.257 17.125a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636-2.87L13.637 3.59a1.914 1.914 0 0 0-3.274 0z" />
      <path d="M12 16h.01" />
    </svg>
  )
}

export function CompassIcon({ size = 28 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <circle cx="12" cy="12" r="9" />
      <path d="m16 8-2 6-6 2 2-6 6-2z" />
    </svg>
  )
}

export function BugIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <path d="M9 9V8a3 3 0 0 1 6 0v1" />
      <path d="M8 9h8a4 4 0 0 1 1 3v3a5 5 0 0 1-10 0v-3a4 4 0 0 1 1-3" />
      <path d="M3 13h4M17 13h4M12 20v-6M4 19l3.35-2M20 19l-3.35-2M4 7l3.75 2.4M20 7l-3.75 2.4" />
    </svg>
  )
}

export function CopyIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...base} width={size} height={size}>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
    </svg>
  )
}
