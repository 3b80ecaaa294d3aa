// The route table. Screens are lazy so the first visit loads only what it shows. Each route
// exists once and is mounted at / (English) and /hi (Hindi).
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';

const screens: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await import('../features/home/HomePage')).default }) },
  { path: '*', lazy: async () => ({ Component: (await import('./NotFound')).default }) },
];

export const router = createBrowserRouter([
  {
    Component: Layout,
    children: [
      { path: '/hi', children: screens },
      { path: '/', children: screens },
    ],
  },
]);
