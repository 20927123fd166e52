import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PostLocation, Privacy } from '@glimpse/shared';

/**
 * The half-written post of /create-post, kept in IndexedDB (the chosen photos are Blobs, far
 * beyond what localStorage holds) per member, until it is posted or discarded.
 */
/** The post form's own fields as typed (creating and editing; the tags as one text). */
export interface PostFormFields {
  title: string;
  content: string;
  /** The tags field as typed: "travel, food,, paris". */
  tags: string;
  category: string;
  privacy: Privacy;
  location: PostLocation | null;
}

export interface PostDraft extends PostFormFields {
  images: Array<{ file: File; altText: string }>;
  savedAt: number;
}

const DB_NAME = 'glimpse';
const STORE_NAME = 'drafts';

let store: UseStore | null = null;
/** Opened on first use: IndexedDB is missing in some private modes and in plain Node. */
function draftStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore(DB_NAME, STORE_NAME);
  return store;
}

const keyOf = (userId: string) => `create-post:${userId}`;

export async function loadPostDraft(userId: string): Promise<PostDraft | null> {
  const s = draftStore();
  if (!s) return null;
  try {
    return (await get<PostDraft>(keyOf(userId), s)) ?? null;
  } catch (error) {
    console.warn('Reading the draft failed', error);
    return null;
  }
}

export async function savePostDraft(userId: string, draft: PostDraft): Promise<void> {
  const s = draftStore();
  if (!s) return;
  try {
    await set(keyOf(userId), draft, s);
  } catch (error) {
    // Quota or a private mode: the form keeps working, only the draft is not kept.
    console.warn('Saving the draft failed', error);
  }
}

export async function deletePostDraft(userId: string): Promise<void> {
  const s = draftStore();
  if (!s) return;
  try {
    await del(keyOf(userId), s);
  } catch (error) {
    console.warn('Deleting the draft failed', error);
  }
}
