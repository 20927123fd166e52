/** The glyphs of the post, profile, search and share screens. Part of the icon set in ../icons.tsx (import from there). */

import { SvgIcon, type IconProps, line } from './svg-icon';

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

export function PinIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </SvgIcon>
  );
}

/** Another server (federation): where an account comes from. */
export function GlobeIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </SvgIcon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <SvgIcon props={props} defaultSize={16} paint={line(props)}>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V6a2 2 0 0 1 2-2h8" />
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
