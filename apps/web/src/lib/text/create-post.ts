/** Creating and editing a post: photos, place, privacy, the draft. Part of the catalogue in ../text.ts (import from there). */

import { MAX_IMAGES_PER_POST, MSG, type Privacy } from '@glimpse/shared';

/** SPEC §5 texts of the image picker that only the client shows. */
export const IMAGE_MSG = {
  tooMany: (current: number, adding: number) =>
    `You can upload maximum ${MAX_IMAGES_PER_POST} images per post. Currently have ${current}, trying to add ${adding} more.`,
  onlyImages: MSG.onlyImages,
  tooLarge: MSG.imageTooLarge,
  duplicate: (name: string) => `File "${name}" is already selected`,
  /** One left-out file of a pick: its name, then the rule it broke (the duplicate rule names it already). */
  leftOut: (name: string, reason: string) =>
    reason === `File "${name}" is already selected` ? reason : `${name}: ${reason}`,
} as const;

/** SPEC §8 "Post creation" texts. */
export const CREATE_POST_MSG = {
  required: MSG.postRequired,
  uploadFailed: 'Failed to upload images',
  createFailed: 'Failed to create post',
  success: 'Post created successfully!',
} as const;

/** SPEC §8 "Location" texts, exact. */
export const LOCATION_MSG = {
  notSupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied by user',
  unavailable: 'Location information is unavailable',
  timeout: 'Location request timed out',
  unknown: 'An unknown error occurred while getting location',
  addressFailed: 'Failed to get address for current location',
} as const;

/** The location picker's own words around the spec's messages. */
export const LOCATION_TEXT = {
  /** Offered when reverse geocoding failed, or when a typed place is already there. */
  acceptFound: (place: string) => `Use ${place}`,
  nearestCity: (city: string) => `Nearest city with posts: ${city}`,
  foundPlace: (place: string) => `Found: ${place}`,
  /** The device position shown as a hint, never as the place's name. */
  positionHint: (coordinates: string) => `Your position: ${coordinates}`,
} as const;

export const PRIVACY_LABELS: Record<Privacy, string> = {
  public: 'Public',
  followers: 'Followers',
  friends: 'Friends',
  private: 'Private',
};

/** /create-post drafts (kept on this device until posted or discarded). */
export const DRAFT_TEXT = {
  restored: 'We restored your unfinished post.',
  saving: 'Saving draft…',
  saved: 'Draft saved on this device',
  discard: 'Discard draft',
  discarded: 'Draft discarded',
} as const;
