import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { RouteFallback } from './RouteFallback';

/**
 * The route table (SPEC §2). Every screen is a lazy chunk named in pages.ts; the layout (navbar +
 * <main>) stays mounted while a page loads or fails, because errors stop at the pathless route
 * inside it. Shared by the browser router (App.tsx) and the memory routers of tests.
 */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'login', lazy: lazyPage('login') },
          { path: 'register', lazy: lazyPage('register') },
          { path: 'forgot-password', lazy: lazyPage('forgotPassword') },
          { path: 'reset-password', lazy: lazyPage('resetPassword') },
          { path: 'terms', lazy: lazyPage('terms') },
          { path: 'privacy', lazy: lazyPage('privacy') },
          { path: 'home', lazy: lazyPage('home') },
          { path: 'posts/:postId', lazy: lazyPage('post') },
          { path: 'tags/:tag', lazy: lazyPage('tag') },
          { path: 'collections/:collectionId', lazy: lazyPage('collection') },
          { path: 'profile/:username?', lazy: lazyPage('profile') },
          { path: 'explore', lazy: lazyPage('explore') },
          { path: 'search', lazy: lazyPage('search') },
          { path: 'settings', lazy: lazyPage('settings') },
          { path: 'moderation', lazy: lazyPage('moderation') },
          {
            element: <RequireAuth />,
            children: [
              { path: 'chat/:chatId?', lazy: lazyPage('chat') },
              { path: 'notification', lazy: lazyPage('notifications') },
              { path: 'create-post', lazy: lazyPage('createPost') },
              { path: 'posts/:postId/edit', lazy: lazyPage('editPost') },
            ],
          },
          { path: '*', lazy: lazyPage('notFound') },
        ],
      },
    ],
  },
];
