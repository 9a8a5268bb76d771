/** Line icons of the users screen (24-unit grid, 2px round strokes), in the shell's style. */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }

function icon(body: React.ReactNode) {
  return function Icon({ size = 16, ...props }: IconProps) {
    return (
      <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor"
        strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
        {body}
      </svg>
    )
  }
}

export const IconPencil = icon(<path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />)
export const IconUserCog = icon(
  <path d="M6 21v-2a4 4 0 0 1 4-4h2.5M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M19 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4M19 14.5V16M19 20v1.5M22 18h-1M17 18h-1" />,
)
export const IconUserOff = icon(<path d="M8.18 4.18A4 4 0 1 1 13.82 9.8M6 21v-2a4 4 0 0 1 4-4h4c.7 0 1.36.18 1.93.5M3 3l18 18" />)
export const IconBadge = icon(<path d="M7 4h10a1 1 0 0 1 1 1v15l-6-3-6 3V5a1 1 0 0 1 1-1" />)
export const IconCrown = icon(<path d="M12 6l4 6 5-4-2 10H5L3 8l5 4z" />)
export const IconCompass = icon(<path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M16 8l-2 6-6 2 2-6z" />)
export const IconUserPlus = icon(<path d="M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0M16 19h6M19 16v6M6 21v-2a4 4 0 0 1 4-4h4" />)
