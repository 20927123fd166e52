/** Profile glyphs. Decorative unless named: the text beside each one carries the meaning. */

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  viewBox: '0 0 24 24',
};

export function CalendarIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...stroke} width={size} height={size}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}

export function LinkIcon({ size = 16 }: { size?: number }) {
  return (
    <svg {...stroke} width={size} height={size}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </svg>
  );
}

/** The verified badge: a named image, because the check mark alone says nothing to a screen reader. */
export function VerifiedBadge({ size = 20 }: { size?: number }) {
  return (
    <svg role="img" aria-label="Verified" viewBox="0 0 24 24" width={size} height={size} focusable="false">
      <title>Verified</title>
      <path
        fill="#1d9bf0"
        d="M12 1.8l2.6 1.9 3.2-.2.9 3.1 2.6 1.9-1 3 1 3.1-2.6 1.9-.9 3.1-3.2-.2L12 22.2l-2.6-1.9-3.2.2-.9-3.1-2.6-1.9 1-3.1-1-3 2.6-1.9.9-3.1 3.2.2z"
      />
      <path d="M8 12.3l2.7 2.7L16.2 9.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function SearchPersonIcon({ size = 28 }: { size?: number }) {
  return (
    <svg {...stroke} width={size} height={size}>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M20 20l-4.8-4.8" />
      <path d="M8.5 9.5h.01M12.5 9.5h.01M8.5 12.5c1.2 1 2.8 1 4 0" />
    </svg>
  );
}

export function SparkleIcon({ size = 28 }: { size?: number }) {
  return (
    <svg {...stroke} width={size} height={size}>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 15l.7 1.8 1.8.7-1.8.7L19 20l-.7-1.8-1.8-.7 1.8-.7z" />
    </svg>
  );
}

export function HourglassIcon({ size = 18 }: { size?: number }) {
  return (
    <svg {...stroke} width={size} height={size}>
      <path d="M6 3h12M6 21h12M7 3c0 5 5 6 5 9s-5 4-5 9M17 3c0 5-5 6-5 9s5 4 5 9" />
    </svg>
  );
}
