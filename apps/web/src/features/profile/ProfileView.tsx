import type { PublicUser } from '@glimpse/shared';
import { useSearchParams } from 'react-router';
import { TabBar, tabPanelProps, type TabItem } from '../../components/TabBar';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LikedPostsTab } from './LikedPostsTab';
import { ProfileHeader } from './ProfileHeader';
import styles from './ProfilePage.module.css';
import { ProfilePostsTab } from './ProfilePostsTab';
import { CollectionsTab } from '../collections/CollectionsTab';
import { SavedPostsTab } from './SavedPostsTab';
import { SAVE_TEXT, TAG_PEOPLE_TEXT } from '../../lib/text';
import { TaggedPostsTab } from './TaggedPostsTab';
import { remoteHost } from '../post';

export type ProfileTab = 'posts' | 'saved' | 'collections' | 'liked' | 'tagged';

/** Someone else's profile: SPEC §6 gives the Liked and Tagged tabs to the owner only. */
const PUBLIC_TABS: ReadonlyArray<TabItem<ProfileTab>> = [
  { id: 'posts', label: 'Posts' },
  { id: 'collections', label: 'Collections' },
];

/** SPEC §6: Liked and Tagged are the owner's own; so is Saved (saves are private, issue 30). */
const OWN_TABS: ReadonlyArray<TabItem<ProfileTab>> = [
  { id: 'posts', label: 'Posts' },
  { id: 'saved', label: SAVE_TEXT.savedTab },
  { id: 'collections', label: 'Collections' },
  { id: 'tagged', label: TAG_PEOPLE_TEXT.taggedTab },
  { id: 'liked', label: 'Liked' },
];

/** An account of another server: its posts that reached us (it keeps no collections here). */
const REMOTE_TABS: ReadonlyArray<TabItem<ProfileTab>> = [{ id: 'posts', label: 'Posts' }];

const ID_PREFIX = 'profile';

export interface ProfileViewProps {
  profile: PublicUser;
  isOwn: boolean;
}

/** A loaded profile: header, then the tabs. The tab lives in `?tab=` so Back and links keep it. */
export function ProfileView({ profile, isOwn }: ProfileViewProps) {
  useDocumentTitle(`@${profile.username}`);
  const [params, setParams] = useSearchParams();
  const tabs = isOwn ? OWN_TABS : remoteHost(profile.username) ? REMOTE_TABS : PUBLIC_TABS;
  const requested = params.get('tab');
  const tab = tabs.find((t) => t.id === requested)?.id ?? 'posts';

  const selectTab = (next: ProfileTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'posts') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className={styles.page}>
      <ProfileHeader profile={profile} isOwn={isOwn} />
      <section className={styles.tabsCard} aria-label="Profile content">
        <TabBar
          label="Profile sections"
          tabs={tabs}
          selected={tab}
          onSelect={selectTab}
          idPrefix={ID_PREFIX}
        />
        <div {...tabPanelProps(ID_PREFIX, tab)} className={styles.panel}>
          {tab === 'posts' && <ProfilePostsTab profile={profile} isOwn={isOwn} />}
          {tab === 'collections' && <CollectionsTab userId={profile.id} isOwn={isOwn} />}
          {tab === 'saved' && <SavedPostsTab />}
          {tab === 'liked' && <LikedPostsTab />}
          {tab === 'tagged' && <TaggedPostsTab userId={profile.id} />}
        </div>
      </section>
    </div>
  );
}
