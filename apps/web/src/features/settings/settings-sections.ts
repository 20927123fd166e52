/** The Settings left nav (SPEC §2), in order; "Log Out" follows as an action, not a section. */
export const SETTINGS_SECTIONS = [
  { id: 'account', label: 'Account' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'display', label: 'Display' },
  { id: 'blocking', label: 'Blocking' },
  { id: 'language', label: 'Language' },
  { id: 'help', label: 'Help & Support' },
  { id: 'about', label: 'About' },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Unknown or missing `?section=` falls back to Account. */
export function findSection(id: string | null): SettingsSection {
  return SETTINGS_SECTIONS.find((section) => section.id === id) ?? SETTINGS_SECTIONS[0];
}

/** Always explicit (Account too): on phones `?section=` is what turns the list into a page. */
export function sectionSearch(id: SettingsSectionId): string {
  return `?section=${id}`;
}
