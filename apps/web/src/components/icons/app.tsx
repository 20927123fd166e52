/** The glyphs of the navigation, the feeds and their cards: what a first screen may show. Part of the icon set in ../icons.tsx (import from there). */

import { SvgIcon, type IconProps, line } from './svg-icon';

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

/** "More options" (⋯): three dots in the current text colour. */
export function MoreIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={20} paint={{ fill: 'currentColor' }}>
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
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
