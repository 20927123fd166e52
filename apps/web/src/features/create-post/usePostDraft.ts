import type { Privacy } from '@glimpse/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  deletePostDraft,
  loadPostDraft,
  savePostDraft,
  type PostDraft,
  type PostFormFields,
} from '../../lib/post-draft-store';
import type { SelectedImage } from './usePostImages';

/** Typing pauses this long before the draft is written (one write per pause, not per key). */
export const DRAFT_SAVE_DELAY_MS = 300;

export interface DraftValues extends PostFormFields {
  images: readonly SelectedImage[];
}

function isBlank(v: DraftValues, defaultPrivacy: Privacy): boolean {
  return (
    !v.title.trim() &&
    !v.content.trim() &&
    !v.tags.trim() &&
    !v.category &&
    v.privacy === defaultPrivacy &&
    !v.location?.name.trim() &&
    v.images.length === 0
  );
}

/** Where the form's latest values are: nowhere, about to be written, or written. */
export type DraftSaveState = 'none' | 'pending' | 'saved';

/**
 * Keeps the create-post form in IndexedDB while it is written: restores it on arrival (through
 * `onRestore`), saves each change after a short pause, and forgets it once posted (`finish`) or
 * discarded (`discard`). Nothing is saved before the stored draft has been read, so an empty form
 * never overwrites it, and nothing while a submission runs, so a posted draft cannot come back.
 * `saveState` is `saved` only once the latest values are written (not while a newer change waits
 * for its pause), and a change still waiting is written when the page goes away.
 */
export function usePostDraft(opts: {
  userId: string | undefined;
  values: DraftValues;
  defaultPrivacy: Privacy;
  /** Whether the form may still change (false while uploading, posting, and after success). */
  isEditable: boolean;
  onRestore: (draft: PostDraft) => void;
}) {
  const { userId, values, defaultPrivacy, isEditable } = opts;
  const [isLoaded, setIsLoaded] = useState(false);
  const [wasRestored, setWasRestored] = useState(false);
  const [saveState, setSaveState] = useState<DraftSaveState>('none');
  /** Counts changes: only the latest change's write may say `saved`. */
  const changes = useRef(0);
  const onRestore = useRef(opts.onRestore);
  useEffect(() => {
    onRestore.current = opts.onRestore;
  });

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    void loadPostDraft(userId).then((draft) => {
      if (!isCurrent) return;
      if (draft) {
        onRestore.current(draft);
        setWasRestored(true);
        setSaveState('saved');
      }
      setIsLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, [userId]);

  const { title, content, tags, category, privacy, location, images } = values;
  useEffect(() => {
    if (!userId || !isLoaded || !isEditable) return;
    const current = { title, content, tags, category, privacy, location, images };
    const blank = isBlank(current, defaultPrivacy);
    const change = ++changes.current;
    // An untouched empty form has nothing to save; anything else waits for its pause.
    setSaveState((state) => (blank && state === 'none' ? state : 'pending'));
    const write = () => {
      if (blank) {
        void deletePostDraft(userId);
        if (changes.current === change) setSaveState('none');
        return;
      }
      const draft: PostDraft = {
        ...current,
        images: images.map((image) => ({ file: image.file, altText: image.altText })),
        savedAt: Date.now(),
      };
      void savePostDraft(userId, draft).then(() => {
        if (changes.current === change) setSaveState('saved');
      });
    };
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    // Leaving (a reload, a closed tab) before the pause ends still keeps the last change.
    const flush = () => {
      clearTimeout(timer);
      write();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, [
    userId,
    isLoaded,
    isEditable,
    title,
    content,
    tags,
    category,
    privacy,
    location,
    images,
    defaultPrivacy,
  ]);

  /** The post went out: the draft goes. */
  const finish = useCallback(() => {
    if (userId) void deletePostDraft(userId);
  }, [userId]);

  /** The member threw it away; the caller empties the form. */
  const discard = useCallback(() => {
    if (userId) void deletePostDraft(userId);
    changes.current++;
    setWasRestored(false);
    setSaveState('none');
  }, [userId]);

  return { isLoaded: isLoaded || !userId, wasRestored, saveState, finish, discard };
}
