import { UNEXPECTED_ERROR } from '@glimpse/shared';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../components/Button';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import styles from './AppLayout.module.css';
import { ChunkLoadError } from './lazy-page';
import { COMMON_TEXT } from '../lib/text';

function describe(error: unknown): { title: string; message: string } {
  if (error instanceof ChunkLoadError) {
    return { title: 'This page could not be loaded', message: error.message };
  }
  if (isRouteErrorResponse(error)) {
    return { title: COMMON_TEXT.somethingWentWrong, message: `${error.status} ${error.statusText}`.trim() };
  }
  return { title: COMMON_TEXT.somethingWentWrong, message: UNEXPECTED_ERROR };
}

/**
 * The error element of the route tree. A chunk that failed to load (new deploy, flaky network)
 * is fixed by a reload, so that is the offered action.
 */
export function RouteError() {
  const error = useRouteError();
  const { title, message } = describe(error);
  useDocumentTitle(title);
  useEffect(() => {
    if (!(error instanceof ChunkLoadError)) console.error('Route error', error);
  }, [error]);

  return (
    <section className={styles.routeError} role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{title}</h1>
      <p>{message}</p>
      <div className={styles.routeErrorActions}>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to="/home">Back to Home</Link>
      </div>
    </section>
  );
}
