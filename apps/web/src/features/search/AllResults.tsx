import type { PublicUser, SearchType } from '@glimpse/shared';
import type { ReactNode } from 'react';
import type { SearchLists } from '../../api/queries/search';
import { LoadingState } from '../../components/Spinner';
import { exploreCityHref, searchHref } from './search-params';
import { SEARCH_TEXT } from '../../lib/text';
import styles from './SearchResults.module.css';
import { TermResult } from './TermResult';
import { UserResult } from './UserResult';

export interface AllResultsProps {
  /** The first page of people, tags and places (the overview never grows as posts scroll). */
  overview: Omit<SearchLists, 'posts'>;
  isPending: boolean;
  /** The post grid, paged by the All query. */
  posts: ReactNode;
  onSeeAll: (type: Exclude<SearchType, 'all'>) => void;
  onFollowUser: (user: PublicUser) => void;
}

interface SectionProps {
  id: string;
  title: string;
  onSeeAll?: () => void;
  children: ReactNode;
}

function Section({ id, title, onSeeAll, children }: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHeader}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {onSeeAll && (
          <button type="button" className={styles.seeAll} onClick={onSeeAll}>
            {SEARCH_TEXT.seeAll}
            <span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

/** The All tab: what was found of each kind at a glance, then every matching post. */
export function AllResults({ overview, isPending, posts, onSeeAll, onFollowUser }: AllResultsProps) {
  if (isPending) return <LoadingState message={SEARCH_TEXT.searching} />;
  const { users, tags, places } = overview;

  return (
    <div className={styles.all}>
      {users.length > 0 && (
        <Section id="search-all-users" title="Users" onSeeAll={() => onSeeAll('users')}>
          <ul role="list" className={styles.strip}>
            {users.map((user) => (
              <li key={user.id}>
                <UserResult user={user} onFollow={onFollowUser} variant="card" />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {tags.length > 0 && (
        <Section id="search-all-tags" title="Tags" onSeeAll={() => onSeeAll('tags')}>
          <ul role="list" className={styles.chips}>
            {tags.map((t) => (
              <li key={t.tag}>
                <TermResult
                  kind="tag"
                  variant="chip"
                  label={t.tag}
                  count={t.count}
                  to={searchHref(t.tag, 'posts')}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {places.length > 0 && (
        <Section id="search-all-places" title="Places" onSeeAll={() => onSeeAll('places')}>
          <ul role="list" className={styles.chips}>
            {places.map((p) => (
              <li key={p.city}>
                <TermResult
                  kind="place"
                  variant="chip"
                  label={p.city}
                  count={p.count}
                  to={exploreCityHref(p.city)}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section id="search-all-posts" title="Posts">
        {posts}
      </Section>
    </div>
  );
}
