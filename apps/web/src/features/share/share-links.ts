import { SHARE_POPUP_HEIGHT_PX, SHARE_POPUP_WIDTH_PX } from '@glimpse/shared';

/**
 * External share targets (SPEC §2 "Share dialog"). The bases are overridable at build time
 * (VITE_SHARE_*), so end-to-end tests can point them at a local stand-in: there is no internet.
 */
export const SHARE_TARGET_URLS = {
  twitter:
    (import.meta.env.VITE_SHARE_TWITTER_URL as string | undefined) ?? 'https://twitter.com/intent/tweet',
  facebook:
    (import.meta.env.VITE_SHARE_FACEBOOK_URL as string | undefined) ??
    'https://www.facebook.com/sharer/sharer.php',
  whatsapp: (import.meta.env.VITE_SHARE_WHATSAPP_URL as string | undefined) ?? 'https://wa.me/',
} as const;

export type PopupShareTarget = keyof typeof SHARE_TARGET_URLS;

export interface ShareContent {
  url: string;
  title: string;
  /** Already shortened (makeShareDescription). */
  description: string;
}

export function buildShareLink(target: PopupShareTarget, { url, title }: ShareContent): string {
  const enc = encodeURIComponent;
  switch (target) {
    case 'twitter':
      return `${SHARE_TARGET_URLS.twitter}?url=${enc(url)}&text=${enc(title)}`;
    case 'facebook':
      return `${SHARE_TARGET_URLS.facebook}?u=${enc(url)}`;
    case 'whatsapp':
      return `${SHARE_TARGET_URLS.whatsapp}?text=${enc(title ? `${title} ${url}` : url)}`;
  }
}

/** An email draft: subject = title, body = description, a blank line, the link. */
export function buildEmailLink({ url, title, description }: ShareContent): string {
  const body = description ? `${description}\n\n${url}` : url;
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}

/** The 600x400 popup's features, centred over the current window. */
export function sharePopupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SHARE_POPUP_WIDTH_PX) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SHARE_POPUP_HEIGHT_PX) / 2));
  return `width=${SHARE_POPUP_WIDTH_PX},height=${SHARE_POPUP_HEIGHT_PX},left=${left},top=${top},resizable=yes,scrollbars=yes`;
}

/** Opens the share page in the named "share" popup (one popup, reused by each target). */
export function openSharePopup(link: string): void {
  const popup = window.open(link, 'share', sharePopupFeatures());
  // Not `noopener` in the features: some browsers then ignore the size and open a tab instead.
  // Cutting the opener by hand keeps the third-party page from reaching back into ours.
  if (popup) popup.opener = null;
}

/** Copies text; falls back to a hidden textarea where the async clipboard is unavailable. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or insecure context: try the old way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
