import type { SVGProps } from 'react'

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }

/** Stroke icons in the Tabler style, inline so the public pages need no icon package and render without JS. */
export function icon(paths: React.ReactNode, name: string) {
  function Icon({ size = 20, strokeWidth = 1.8, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    )
  }
  Icon.displayName = name
  return Icon
}

export const IconCompass = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5z" />
  </>,
  'IconCompass',
)
export const IconSparkles = icon(
  <>
    <path d="M16 18a2 2 0 0 1 2 2 2 2 0 0 1 2-2 2 2 0 0 1-2-2 2 2 0 0 1-2 2m0-12a2 2 0 0 1 2 2 2 2 0 0 1 2-2 2 2 0 0 1-2-2 2 2 0 0 1-2 2M9 18a6 6 0 0 1 6-6 6 6 0 0 1-6-6 6 6 0 0 1-6 6 6 6 0 0 1 6 6" />
  </>,
  'IconSparkles',
)
export const IconUserCheck = icon(
  <>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    <path d="m16 11 2 2 4-4" />
  </>,
  'IconUserCheck',
)
export const IconWorld = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3.6 9h16.8M3.6 15h16.8" />
    <path d="M11.5 3a17 17 0 0 0 0 18M12.5 3a17 17 0 0 1 0 18" />
  </>,
  'IconWorld',
)
export const IconCheck = icon(<path d="m5 12 5 5L20 7" />, 'IconCheck')
export const IconCircleCheck = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 12 2 2 4-4" />
  </>,
  'IconCircleCheck',
)
export const IconStar = icon(
  <path d="m12 17.75-6.17 3.24 1.18-6.87-5-4.86 6.9-1L12 2l3.09 6.26 6.9 1-5 4.86 1.18 6.87z" />,
  'IconStar',
)
export const IconShield = icon(
  <>
    <path d="M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3" />
    <path d="m9 12 2 2 4-4" />
  </>,
  'IconShield',
)
export const IconUsers = icon(
  <>
    <circle cx="9" cy="7" r="4" />
    <path d="M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2M16 3.13a4 4 0 0 1 0 7.75M21 21v-2a4 4 0 0 0-3-3.85" />
  </>,
  'IconUsers',
)
export const IconChevronDown = icon(<path d="m6 9 6 6 6-6" />, 'IconChevronDown')
export const IconChevronLeft = icon(<path d="m15 6-6 6 6 6" />, 'IconChevronLeft')
export const IconChevronRight = icon(<path d="m9 6 6 6-6 6" />, 'IconChevronRight')
export const IconArrowRight = icon(<path d="M5 12h14m-6 6 6-6m-6-6 6 6" />, 'IconArrowRight')
export const IconPlayerPlay = icon(<path d="M7 4v16l13-8z" />, 'IconPlayerPlay')
export const IconMenu = icon(<path d="M4 6h16M4 12h16M4 18h16" />, 'IconMenu')
export const IconMail = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
  'IconMail',
)
export const IconMapPin = icon(
  <>
    <circle cx="12" cy="11" r="3" />
    <path d="M17.66 16.66 13.41 20.9a2 2 0 0 1-2.83 0l-4.24-4.24a8 8 0 1 1 11.32 0" />
  </>,
  'IconMapPin',
)
export const IconClock = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </>,
  'IconClock',
)
export const IconBolt = icon(<path d="M13 3v7h6l-8 11v-7H5z" />, 'IconBolt')
export const IconRocket = icon(
  <>
    <path d="M4 13a8 8 0 0 1 7 7 6 6 0 0 0 3-5 9 9 0 0 0 6-8 3 3 0 0 0-3-3 9 9 0 0 0-8 6 6 6 0 0 0-5 3" />
    <path d="M7 14a6 6 0 0 0-3 6 6 6 0 0 0 6-3" />
    <circle cx="15" cy="9" r="1" />
  </>,
  'IconRocket',
)
export const IconClipboardList = icon(
  <>
    <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2" />
    <rect x="9" y="3" width="6" height="4" rx="2" />
    <path d="M9 12h.01M13 12h2M9 16h.01M13 16h2" />
  </>,
  'IconClipboardList',
)
export const IconRoute = icon(
  <>
    <circle cx="6" cy="19" r="2" />
    <circle cx="18" cy="5" r="2" />
    <path d="M12 19h4.5a3.5 3.5 0 0 0 0-7h-8a3.5 3.5 0 0 1 0-7H12" />
  </>,
  'IconRoute',
)
export const IconTicket = icon(
  <>
    <path d="M15 5v2m0 4v2m0 4v2M5 5h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4V7a2 2 0 0 1 2-2" />
  </>,
  'IconTicket',
)
export const IconSun = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M3 12h1m8-9v1m8 8h1m-9 8v1M5.6 5.6l.7.7m12.1-.7-.7.7m0 11.4.7.7m-12.1-.7-.7.7" />
  </>,
  'IconSun',
)
export const IconMoon = icon(<path d="M12 3h.39a7.5 7.5 0 0 0 7.92 12.45A9 9 0 1 1 12 3" />, 'IconMoon')
export const IconLogout = icon(
  <>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3m0 6 3-3" />
  </>,
  'IconLogout',
)
export const IconLayoutDashboard = icon(
  <path d="M5 4h4a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1m0 12h4a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1m10-4h4a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1m0-8h4a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1" />,
  'IconLayoutDashboard',
)
export const IconSettings = icon(
  <>
    <path d="M10.33 4.32c.43-1.76 2.93-1.76 3.35 0a1.72 1.72 0 0 0 2.57 1.06c1.54-.94 3.31.83 2.37 2.37a1.72 1.72 0 0 0 1.07 2.57c1.75.43 1.75 2.92 0 3.35a1.72 1.72 0 0 0-1.07 2.57c.94 1.54-.83 3.31-2.37 2.37a1.72 1.72 0 0 0-2.57 1.07c-.42 1.75-2.92 1.75-3.35 0a1.72 1.72 0 0 0-2.57-1.07c-1.54.94-3.31-.83-2.37-2.37a1.72 1.72 0 0 0-1.06-2.57c-1.76-.43-1.76-2.92 0-3.35a1.72 1.72 0 0 0 1.06-2.57c-.94-1.54.83-3.31 2.37-2.37a1.72 1.72 0 0 0 2.57-1.06" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'IconSettings',
)
export const IconHelp = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 17v.01M12 13.5a1.5 1.5 0 0 1 1-1.5 2.6 2.6 0 1 0-3-4" />
  </>,
  'IconHelp',
)
export const IconPlane = icon(
  <path d="M16 10h4a2 2 0 0 1 0 4h-4l-4 7H9l2-7H7l-2 2H2l2-4-2-4h3l2 2h4L9 3h3z" />,
  'IconPlane',
)
export const IconRefresh = icon(
  <>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4" />
    <path d="M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </>,
  'IconRefresh',
)
