import { useEffect } from 'react';

const APP_NAME = 'Glimpse';

/** The page's own title and the unread total in front of it: "(3) Notifications · Glimpse". */
let pageTitle: string | null | undefined;
let unreadTotal = 0;

function render(): void {
  const base = pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
  document.title = unreadTotal > 0 ? `(${unreadTotal}) ${base}` : base;
}

/** Sets the tab title to "<title> · Glimpse" while the calling page is shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    pageTitle = title;
    render();
  }, [title]);
}

/** The layout's count of unread notifications and messages, shown in front of every title. */
export function useDocumentTitleCount(count: number): void {
  useEffect(() => {
    unreadTotal = count;
    render();
    return () => {
      unreadTotal = 0;
      render();
    };
  }, [count]);
}
