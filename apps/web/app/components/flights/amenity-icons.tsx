/** The amenity icons of a flight card (wifi, meals, entertainment), drawn like the shell's line icons. */
import type { ReactNode } from 'react'

function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}

const PATHS: Record<string, ReactNode> = {
  wifi: <path d="M12 18h.01M9.17 15.17a4 4 0 0 1 5.66 0M6.34 12.34a8 8 0 0 1 11.31 0M3.52 9.52a12 12 0 0 1 16.97 0" />,
  meals: <path d="M19 3v12h-5c-.02-3.68.18-7.41 5-12zm0 12v6h-1v-3M8 4v17M5 4v3a3 3 0 1 0 6 0V4" />,
  entertainment: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M16 3l-4 4-4-4" />
    </>
  ),
}

export function AmenityIcon({ name }: { name: string }) {
  const body = PATHS[name]
  return body ? <Svg>{body}</Svg> : <span>{name}</span>
}
