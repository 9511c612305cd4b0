import { type ComponentPropsWithRef, type ComponentType, createContext, useContext } from 'react';

/**
 * Navigation for the guest pages (/event, /sample, /ticket and the features they use). Those pages run
 * in two apps: the full React Router app (src/web/router.tsx) and their own light start-ups
 * (src/web/guest/), which ship no router (docs/decisions/0003-public-entry.md). They import these hooks
 * and `Link` from here, never from 'react-router'; each app provides the adapter: `reactRouterNav`
 * (lib/nav-react-router.ts, React Router's own hooks) or `guestNav` (guest/nav.tsx, the page's URL).
 */

export type NavLocation = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean };
export type NavigateFn = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};
/** Absolute paths only (`/ticket/…`); anchor attributes pass through. */
export type NavLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string; replace?: boolean };

/** The subset of React Router's API the guest pages use. Each member must be a stable hook/component. */
export type NavAdapter = {
  useParams(): Readonly<Record<string, string | undefined>>;
  useSearchParams(): readonly [URLSearchParams, ...unknown[]];
  useNavigate(): NavigateFn;
  useLocation(): NavLocation;
  Link: ComponentType<NavLinkProps>;
};

const NavContext = createContext<NavAdapter | null>(null);

/** Wrap an app once, with an adapter that never changes (a module constant). */
export const NavProvider = NavContext.Provider;

function useNav(): NavAdapter {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('No <NavProvider> above this component: wrap the app in one (see src/web/lib/nav.tsx).');
  return nav;
}

// The adapter is constant for the life of the app, so each hook below always calls the same hooks.
export const useParams = () => useNav().useParams();
export const useSearchParams = () => useNav().useSearchParams();
export const useNavigate = () => useNav().useNavigate();
export const useLocation = () => useNav().useLocation();

export function Link(props: NavLinkProps) {
  const { Link: AdapterLink } = useNav();
  return <AdapterLink {...props} />;
}
