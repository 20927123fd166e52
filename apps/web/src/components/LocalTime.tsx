import { useEffect, useState } from 'react';
import { isHydrating } from '../lib/hydration';

export interface LocalTimeProps {
  /** The instant (ISO 8601). */
  dateTime: string;
  /** Its text ("3 hours ago", a date): read from the reader's clock, locale and time zone. */
  format: (dateTime: string) => string;
  /** A tooltip made the same way (e.g. the full local date and time). */
  title?: (dateTime: string) => string;
  className?: string;
}

/**
 * A `<time>` whose text depends on when and where it is read. The server renders it with its own
 * clock and locale; while hydrating, that text is adopted as it is (React would otherwise count
 * "26 minutes ago" against "27 minutes ago" as a broken page), and right after, the element is
 * rendered again from the browser's.
 */
export function LocalTime({ dateTime, format, title, className }: LocalTimeProps) {
  const [fromServer, setFromServer] = useState(isHydrating);
  useEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return (
    <time
      key={fromServer ? 'server' : 'local'}
      className={className}
      dateTime={dateTime}
      title={title?.(dateTime)}
      suppressHydrationWarning
    >
      {format(dateTime)}
    </time>
  );
}
