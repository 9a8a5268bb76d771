import { icon, type IconProps } from '../public/icons.tsx'

/** The line icons of the quiz types (a definition's `icon`), inline in the Tabler style like the rest of the app. */
const PATHS: Record<string, React.ReactNode> = {
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>
  ),
  island: (
    <>
      <path d="M17.55 16.75a7.5 7.5 0 0 0-10.6 0" />
      <path d="M18 3.8A6 6 0 0 0 9.8 6l10.4 6A6 6 0 0 0 18 3.8z" />
      <path d="M16.73 10c1.66-2.87 2.23-5.64 1.27-6.2-.96-.55-3.08 1.33-4.73 4.2" />
      <path d="m15 9-3 5.2" />
      <path d="M3 19.25a2.4 2.4 0 0 1 3 .75 2.4 2.4 0 0 0 4 0 2.4 2.4 0 0 1 4 0 2.4 2.4 0 0 0 4 0 2.4 2.4 0 0 1 3-.75" />
    </>
  ),
  diamond: (
    <>
      <path d="M6 5h12l3 5-8.5 9.5a.7.7 0 0 1-1 0L3 10z" />
      <path d="M10 12 8 9.8l.6-1" />
    </>
  ),
  mountain: (
    <>
      <path d="M3 20h18L14.08 5.39a2.3 2.3 0 0 0-4.16 0z" />
      <path d="m7.5 11 2 2.5L12 11l2 3 2.5-2" />
    </>
  ),
}

// One icon per name, drawn by the public pages' icon factory (the same stroke style).
const ICONS = Object.fromEntries(Object.entries(PATHS).map(([name, paths]) => [name, icon(paths, `QuizIcon_${name}`)]))

/** A quiz type's icon by its definition's icon name; an unknown name falls back to the compass. */
export function QuizTypeIcon({ icon: name, ...props }: IconProps & { icon: string | null | undefined }) {
  const known = name && ICONS[name] ? name : 'compass'
  const Icon = ICONS[known]!
  return <Icon data-icon={known} {...props} />
}
