import type { ReactNode, SVGProps } from 'react';

/**
 * Every drawn glyph of the app, each once. Icons are decorative by default (`aria-hidden`): the
 * control's `aria-label` or the text beside the icon carries the meaning. Pass `title` only when
 * the icon itself is the only carrier of that meaning (the verified badge); it then becomes a
 * named image.
 */
export interface IconProps {
  /** Width and height in px; each icon has the default its most common use needs. */
  size?: number;
  className?: string;
  /** Names the icon (role="img"); without it the icon is hidden from assistive technology. */
  title?: string;
  /** Stroke width of line glyphs, in viewBox units (24 = full size). Default 2. */
  strokeWidth?: number;
}

type Paint = Pick<
  SVGProps<SVGSVGElement>,
  'fill' | 'stroke' | 'strokeWidth' | 'strokeLinecap' | 'strokeLinejoin'
>;

interface SvgIconProps {
  props: IconProps;
  defaultSize: number;
  viewBox?: string;
  paint?: Paint;
  children: ReactNode;
}

function SvgIcon({ props, defaultSize, viewBox = '0 0 24 24', paint, children }: SvgIconProps) {
  const { size = defaultSize, className, title } = props;
  const a11y = title ? ({ role: 'img', 'aria-label': title } as const) : ({ 'aria-hidden': true } as const);
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      className={className}
      focusable="false"
      {...a11y}
      {...paint}
    >
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

/** Line glyphs: a 2-unit round stroke in the current text colour, no fill. */
function line({ strokeWidth = 2 }: IconProps, fill = 'none'): Paint {
  return { fill, stroke: 'currentColor', strokeWidth, strokeLinecap: 'round', strokeLinejoin: 'round' };
}

/* ---- Navigation ---- */

export function HomeIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={24} paint={line(props)}>
      <path d="M3.5 10.5 12 3.5l8.5 7V20a1 1 0 0 1-1 1h-5v-6h-5v6h-5a1 1 0 0 1-1-1z" />
    </SvgIcon>
  );
}

/** The offline banner's glyph: a wifi fan struck through. */
export function OfflineIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0" />
      <path d="M12 19h.01M3 3l18 18" />
    </SvgIcon>
  );
}

export function ExploreIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </SvgIcon>
  );
}

/** A round speech bubble: messages in the navbar, comments on a post. */
export function SpeechBubbleIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
    </SvgIcon>
  );
}

export function BellIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <path d="M18 16V11a6 6 0 1 0-12 0v5l-2 2h16z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </SvgIcon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </SvgIcon>
  );
}

export function PersonIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </SvgIcon>
  );
}

/** The Glimpse logo: brand colours, not the text colour. */
export function LogoMark(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={32} viewBox="0 0 64 64">
      <rect width="64" height="64" rx="16" fill="var(--color-brand)" />
      <circle cx="32" cy="33" r="13" fill="none" stroke="#fff" strokeWidth="6" />
      <circle cx="46" cy="18" r="4" fill="#fff" />
    </SvgIcon>
  );
}

/* ---- Actions and controls ---- */

export function SearchIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </SvgIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <path d="M6 6l12 12M18 6L6 18" />
    </SvgIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={26} paint={line(props)}>
      <path d="M12 5v14M5 12h14" />
    </SvgIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={20} paint={line(props)}>
      <path d="M15 18l-6-6 6-6" />
    </SvgIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={20} paint={line(props)}>
      <path d="M9 18l6-6-6-6" />
    </SvgIcon>
  );
}

export interface HeartIconProps extends IconProps {
  /** Filled variant (a liked heart). */
  filled?: boolean;
}

export function HeartIcon({ filled = false, ...props }: HeartIconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props, filled ? 'currentColor' : 'none')}>
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.4 7.6 3.7 4 7.3 4c2 0 3.6 1.1 4.7 2.7C13.1 5.1 14.7 4 16.7 4c3.6 0 5.9 3.6 4.6 7.1-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </SvgIcon>
  );
}

export interface BookmarkIconProps extends IconProps {
  /** Filled variant (a saved post). */
  filled?: boolean;
}

export function BookmarkIcon({ filled = false, ...props }: BookmarkIconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props, filled ? 'currentColor' : 'none')}>
      <path d="M6 3.5h12a1 1 0 0 1 1 1v16l-7-4.5-7 4.5v-16a1 1 0 0 1 1-1z" />
    </SvgIcon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7" />
      <path d="M16 6l-4-4-4 4" />
      <path d="M12 2v13" />
    </SvgIcon>
  );
}

export function LinkIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </SvgIcon>
  );
}

export function EmailIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={line(props)}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </SvgIcon>
  );
}

/* ---- Post and profile details ---- */

export function EyeIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </SvgIcon>
  );
}

export function PhotosIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={14} paint={line(props)}>
      <rect x="3" y="5" width="14" height="14" rx="2" />
      <path d="M7 3h12a2 2 0 0 1 2 2v12" />
    </SvgIcon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </SvgIcon>
  );
}

export function HashIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M5 9h14M4 15h14M10 3 8 21M16 3l-2 18" />
    </SvgIcon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </SvgIcon>
  );
}

export function HourglassIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={18} paint={line(props)}>
      <path d="M6 3h12M6 21h12M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />
    </SvgIcon>
  );
}

export function SearchPersonIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={28} paint={line(props)}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M20 20l-4.8-4.8" />
      <path d="M8.5 9.5h.01M12.5 9.5h.01M8.5 12.5c1.2 1 2.8 1 4 0" />
    </SvgIcon>
  );
}

export function SparkleIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={28} paint={line(props)}>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 15l.7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7z" />
    </SvgIcon>
  );
}

/** A small check in a disc, in the text colour (the check in the surface colour, for either theme). */
export function VerifiedIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={14}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path
        d="m7.5 12.5 3 3 6-6.5"
        fill="none"
        stroke="var(--color-surface)"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SvgIcon>
  );
}

/** The blue scalloped verified badge of a profile header. */
export function VerifiedBadge(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={20}>
      <path
        fill="#1d9bf0"
        d="M12 1.8l2.6 1.9 3.2-.2.9 3.1 2.6 1.9-1 3 1 3.1-2.6 1.9-.9 3.1-3.2-.2L12 22.2l-2.6-1.9-3.2.2-.9-3.1-2.6-1.9 1-3.1-1-3 2.6-1.9.9-3.1 3.2.2z"
      />
      <path
        d="M8 12.3l2.7 2.7L16.2 9.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SvgIcon>
  );
}

/* ---- Brand marks of the share targets ---- */

export function XIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={{ fill: 'currentColor' }}>
      <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z" />
    </SvgIcon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={22} paint={{ fill: 'currentColor' }}>
      <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z" />
    </SvgIcon>
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <SvgIcon
      props={props}
      defaultSize={22}
      paint={{ fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinejoin: 'round' }}
    >
      <path d="M4 20l1.2-3.6A8.5 8.5 0 1 1 8 19z" />
      <path
        d="M9 8.5c0 3.5 2.9 6.5 6.5 6.5l1-1.5-2-1-1 .8c-1.2-.5-2.3-1.6-2.8-2.8l.8-1-1-2z"
        fill="currentColor"
        stroke="none"
      />
    </SvgIcon>
  );
}
