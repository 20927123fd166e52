import type { SelfUser } from '@glimpse/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { useToast } from '../../components/useToast';
import { useAuth } from '../../lib/useAuth';
import { AvatarField } from './AvatarField';
import { PasswordFields } from './PasswordFields';
import { ProfileInfoFields } from './ProfileInfoFields';
import { SETTINGS_TEXT } from '../../lib/text';
import {
  buildProfileBody,
  EMPTY_PASSWORDS,
  hasPasswordInput,
  isProfileChanged,
  isSettingsDirty,
  profileValuesOf,
  successMessage,
  validatePasswords,
  validateProfile,
  type PasswordValues,
  type ProfileValues,
  type SettingsErrors,
} from './settings-form';
import styles from './SettingsPage.module.css';
import { useSaveSettings } from './useSaveSettings';

export interface AccountSettingsProps {
  /** The loaded signed-in user; the form starts from it and rebases on every save. */
  user: SelfUser;
}

interface Feedback {
  success: string | null;
  error: string | null;
}

const NO_FEEDBACK: Feedback = { success: null, error: null };

/** Settings → Account (SPEC §2): profile info, avatar and password, saved in one go. */
export function AccountSettings({ user }: AccountSettingsProps) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const toast = useToast();
  const { save, isSaving, uploadProgress } = useSaveSettings();
  // `saved` is what the server holds; the dirty flag compares the form against it.
  const [saved, setSaved] = useState<ProfileValues>(() => profileValuesOf(user));
  const [values, setValues] = useState<ProfileValues>(saved);
  const [passwords, setPasswords] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [feedback, setFeedback] = useState<Feedback>(NO_FEEDBACK);
  const [focusErrorTick, setFocusErrorTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const isDirty = isSettingsDirty({ values, saved, avatarFile, passwords });

  // After a failed validation, put the keyboard on the first field that needs fixing.
  useEffect(() => {
    if (focusErrorTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrorTick]);

  const edited = (field: keyof SettingsErrors) => {
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
    setFeedback(NO_FEEDBACK);
  };

  const onProfileChange = (field: keyof ProfileValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    edited(field);
  };

  const onPasswordChange = (field: keyof PasswordValues, value: string) => {
    setPasswords((p) => ({ ...p, [field]: value }));
    // The rules depend on each other (confirm vs new): re-check all three on the next save.
    setErrors((e) => ({
      ...e,
      currentPassword: undefined,
      newPassword: undefined,
      confirmPassword: undefined,
    }));
    setFeedback(NO_FEEDBACK);
  };

  const onAvatarFile = (file: File | null) => {
    setAvatarFile(file);
    edited('avatar');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSaving) return;
    setFeedback(NO_FEEDBACK);
    if (!isDirty) {
      setFeedback({ success: SETTINGS_TEXT.noChanges, error: null });
      return;
    }
    const profileChanged = isProfileChanged(values, saved);
    // Unchanged profile data is not re-checked: a password change must not be blocked by old data.
    const found = { ...(profileChanged ? validateProfile(values) : {}), ...validatePasswords(passwords) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFocusErrorTick((n) => n + 1);
      return;
    }

    const outcome = await save({
      profile: profileChanged ? buildProfileBody(values) : undefined,
      avatar: avatarFile ?? undefined,
      password: hasPasswordInput(passwords)
        ? { currentPassword: passwords.currentPassword, newPassword: passwords.newPassword }
        : undefined,
    });

    if (outcome.failure?.isSessionExpired) {
      toast.show(SETTINGS_TEXT.sessionExpired, { type: 'error' });
      logout();
      void navigate('/login', { replace: true });
      return;
    }
    if (outcome.user) {
      const next = profileValuesOf(outcome.user);
      setSaved(next);
      if (outcome.done.includes('profile')) setValues(next);
    }
    if (outcome.done.includes('avatar')) setAvatarFile(null);
    if (outcome.done.includes('password')) setPasswords(EMPTY_PASSWORDS);
    setFeedback({
      success: outcome.done.length > 0 ? successMessage(outcome.done) : null,
      error: outcome.failure?.message ?? null,
    });
  };

  const avatarUrl = user.profile.profilePicture?.url ?? null;

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-label="Account settings">
      <section className={styles.card} aria-labelledby="settings-photo">
        <h3 id="settings-photo" className={styles.cardTitle}>
          Profile Photo
        </h3>
        <AvatarField
          currentUrl={avatarUrl}
          name={values.displayName || values.username}
          file={avatarFile}
          onFileChange={onAvatarFile}
          error={errors.avatar}
          onError={(message) => setErrors((e) => ({ ...e, avatar: message ?? undefined }))}
          progress={uploadProgress}
        />
      </section>

      <section className={styles.card} aria-labelledby="settings-profile">
        <h3 id="settings-profile" className={styles.cardTitle}>
          Profile Information
        </h3>
        <ProfileInfoFields values={values} errors={errors} onChange={onProfileChange} disabled={isSaving} />
      </section>

      <section className={styles.card} aria-labelledby="settings-password">
        <h3 id="settings-password" className={styles.cardTitle}>
          Change Password
        </h3>
        <p className={styles.cardHint}>Leave these empty to keep your current password.</p>
        <PasswordFields values={passwords} errors={errors} onChange={onPasswordChange} disabled={isSaving} />
      </section>

      <div className={styles.saveBar}>
        <div className={styles.feedback}>
          <p role="status" className={styles.success}>
            {feedback.success}
          </p>
          {feedback.error && (
            <p role="alert" className={styles.formError}>
              {feedback.error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={!isDirty} isLoading={isSaving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
