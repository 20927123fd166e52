import { parseRichText } from '@glimpse/shared';
import { Link } from 'react-router';
import { profileHref, tagHref } from './post-text';

export interface RichTextProps {
  text: string;
  className?: string;
  /** Class of the `#tag` and `@username` links. */
  linkClassName?: string;
}

/**
 * A caption or comment with its `#tags` linked to their page and its `@usernames` to the profile.
 * Built from the parsed text (parseRichText), rendered as text nodes and router links: nothing in
 * the text is ever read as HTML.
 */
export function RichText({ text, className, linkClassName }: RichTextProps) {
  return (
    <p className={className}>
      {parseRichText(text).map((part, i) =>
        part.kind === 'tag' ? (
          <Link key={i} to={tagHref(part.tag)} className={linkClassName}>
            {part.text}
          </Link>
        ) : part.kind === 'mention' ? (
          <Link key={i} to={profileHref(part.username)} className={linkClassName}>
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
