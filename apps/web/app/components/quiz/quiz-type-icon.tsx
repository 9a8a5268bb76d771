import type { SVGProps } from 'react'
import { IconCompass } from '../public/icons.tsx'

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }

function stroke(paths: React.ReactNode) {
  return function Icon({ size = 20, strokeWidth = 1.8, ...props }: IconProps) {
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
}

const IconIsland = stroke(
  <>
    <path d="M3 20c2-1 4-1 6 0s4 1 6 0 4-1 6 0" />
    <path d="M12 17V9" />
    <path d="M12 9c-1.5-2-4-2.5-6-1.5 2 0 3.5 1 4 2.5M12 9c1.5-2 4-2.5 6-1.5-2 0-3.5 1-4 2.5M12 9c0-2.5-1.5-4-3.5-4.5" />
  </>,
)
const IconDiamond = stroke(
  <>
    <path d="M6 4h12l3 5-9 11L3 9z" />
    <path d="M3 9h18M10 4 8.5 9 12 20l3.5-11L14 4" />
  </>,
)
const IconMountain = stroke(
  <>
    <path d="m3 20 6-11 4 7 2-3 6 7z" />
    <path d="m7.5 12 1.5 1.5L10.5 12" />
  </>,
)

const ICONS: Record<string, (props: IconProps) => React.JSX.Element> = {
  compass: IconCompass,
  island: IconIsland,
  diamond: IconDiamond,
  mountain: IconMountain,
}

/** A quiz type's icon by the name its definition holds (compass, island, diamond, mountain); the compass otherwise. */
export function QuizTypeIcon({ icon, ...props }: IconProps & { icon: string }) {
  const Icon = ICONS[icon] ?? IconCompass
  return <Icon {...props} />
}
