import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { NavAdapter } from './nav.tsx';

/** The full app's navigation: React Router's own hooks and Link, unchanged (see lib/nav.tsx). */
export const reactRouterNav: NavAdapter = { useParams, useSearchParams, useNavigate, useLocation, Link };
