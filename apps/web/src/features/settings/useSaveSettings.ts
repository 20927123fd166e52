import type { ChangePasswordBody, SelfUser, UpdateProfileBody } from '@glimpse/shared';
import { useCallback, useState } from 'react';
import {
  useChangePasswordMutation,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
} from '../../api/queries/users';
import { useAuth } from '../../lib/useAuth';
import { describeSettingsError, type SettingsFailure } from './settings-errors';
import type { SavePart } from './settings-form';

export interface SavePlan {
  /** Present only when a profile field changed. */
  profile?: UpdateProfileBody;
  avatar?: File;
  /** Present only when a password field was filled (and the rules passed). */
  password?: ChangePasswordBody;
}

export interface SaveOutcome {
  /** The steps that went through, in order. */
  done: SavePart[];
  /** The first failure; the steps after it were not tried. */
  failure: SettingsFailure | null;
  /** The user as the server last returned it (after the profile or avatar step). */
  user: SelfUser | null;
}

/**
 * SPEC §4 "Settings save": profile update, then avatar upload, then password change, stopping at
 * the first failure. Each success is merged into the session at once, so a later failure never
 * loses an earlier save.
 */
export function useSaveSettings() {
  const { updateUser } = useAuth();
  const updateProfile = useUpdateProfileMutation();
  const uploadAvatar = useUploadAvatarMutation();
  const changePassword = useChangePasswordMutation();
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const { mutateAsync: putProfile } = updateProfile;
  const { mutateAsync: postAvatar } = uploadAvatar;
  const { mutateAsync: putPassword } = changePassword;

  const save = useCallback(
    async (plan: SavePlan): Promise<SaveOutcome> => {
      const outcome: SaveOutcome = { done: [], failure: null, user: null };
      setIsSaving(true);
      let step: SavePart = 'profile';
      try {
        if (plan.profile) {
          const { user } = await putProfile(plan.profile);
          updateUser(user);
          outcome.user = user;
          outcome.done.push('profile');
        }
        step = 'avatar';
        if (plan.avatar) {
          setUploadProgress(0);
          const { user } = await postAvatar({ file: plan.avatar, onProgress: setUploadProgress });
          updateUser(user);
          outcome.user = user;
          outcome.done.push('avatar');
        }
        step = 'password';
        if (plan.password) {
          // This session's token keeps working; the member's other sessions end.
          await putPassword(plan.password);
          outcome.done.push('password');
        }
      } catch (error) {
        outcome.failure = describeSettingsError(step, error);
      } finally {
        setUploadProgress(null);
        setIsSaving(false);
      }
      return outcome;
    },
    [putProfile, postAvatar, putPassword, updateUser],
  );

  return { save, isSaving, uploadProgress };
}
