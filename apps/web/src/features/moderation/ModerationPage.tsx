import { can, type ReportQueue, type ReportStatus } from '@glimpse/shared';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useReportsQuery } from '../../api/queries/moderation';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/Spinner';
import { TabBar, tabPanelProps } from '../../components/TabBar';
import { isIntersectionObserverSupported, useInfiniteScroll } from '../../components/useInfiniteScroll';
import { Button } from '../../components/Button';
import { MODERATION_TEXT } from '../../lib/text';
import { useAuth } from '../../lib/useAuth';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AdminPanel } from './AdminPanel';
import styles from './Moderation.module.css';
import { ReportCard } from './ReportCard';

const TABS = [
  { id: 'open', label: MODERATION_TEXT.queueTab.open },
  { id: 'resolved', label: MODERATION_TEXT.queueTab.resolved },
] as const satisfies ReadonlyArray<{ id: ReportStatus; label: string }>;

/**
 * /moderation: the report queue (view_reports) with each target and the actions
 * (moderate_content), then the admin's roles screen and audit log. Everything is checked again by
 * the server; a member without view_reports is told so (signed out: sent to /login).
 */
export function ModerationPage() {
  useDocumentTitle(MODERATION_TEXT.pageTitle);
  const { token, user, isUserLoaded } = useAuth();
  const [status, setStatus] = useState<ReportStatus>('open');
  const canView = can(user?.moderation, 'view_reports');
  const reports = useReportsQuery(status, Boolean(token) && canView);

  if (!token) return <Navigate to="/login" replace />;
  // The token's thin user has no roles yet: wait for /api/auth/me before saying "not for you".
  if (!canView && !isUserLoaded) return <LoadingState />;
  if (!canView) {
    return (
      <div className={styles.page}>
        <h1 className={styles.pageTitle}>{MODERATION_TEXT.pageTitle}</h1>
        <p>{MODERATION_TEXT.noAccess}</p>
      </div>
    );
  }
  const canAct = can(user?.moderation, 'moderate_content');

  return (
    <div className={styles.page}>
      <h1 className={styles.pageTitle}>{MODERATION_TEXT.pageTitle}</h1>
      <section className={styles.section}>
        <TabBar label="Reports" tabs={TABS} selected={status} onSelect={setStatus} idPrefix="reports" />
        <div {...tabPanelProps('reports', status)}>
          {reports.isPending ? (
            <LoadingState message={MODERATION_TEXT.loadingQueue} />
          ) : reports.isError ? (
            <ErrorState message={MODERATION_TEXT.queueLoadFailed} onRetry={() => void reports.refetch()} />
          ) : (
            <ReportList
              pages={reports.data.pages}
              status={status}
              canAct={canAct}
              hasNextPage={reports.hasNextPage}
              isFetchingNextPage={reports.isFetchingNextPage}
              onLoadMore={() => void reports.fetchNextPage()}
            />
          )}
        </div>
      </section>
      {user?.moderation?.isAdmin && <AdminPanel />}
    </div>
  );
}

interface ReportListProps {
  pages: ReportQueue[];
  status: ReportStatus;
  canAct: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** The queue's pages as one list; the next page loads as its end nears (or by the button). */
function ReportList({ pages, status, canAct, hasNextPage, isFetchingNextPage, onLoadMore }: ReportListProps) {
  const sentinelRef = useInfiniteScroll({ hasNextPage, isFetching: isFetchingNextPage, onLoadMore });
  const reports = pages.flatMap((page) => page.reports);
  if (reports.length === 0 && !hasNextPage) {
    return <EmptyState title={MODERATION_TEXT.queueEmpty[status]} headingLevel={2} />;
  }
  return (
    <>
      <ul role="list" className={styles.list}>
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} canAct={canAct} />
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden="true" />
      {isFetchingNextPage && <LoadingState message={MODERATION_TEXT.loadingMoreReports} />}
      {!isFetchingNextPage && hasNextPage && !isIntersectionObserverSupported() && (
        <Button variant="secondary" onClick={onLoadMore}>
          {MODERATION_TEXT.loadMoreReports}
        </Button>
      )}
    </>
  );
}
