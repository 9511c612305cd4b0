import type { NavAdapter, NavigateOptions, NavLinkProps, NavLocation } from '../lib/nav.tsx';
import { matchGuestPage } from '../../common/guest-pages.ts';

/**
 * The guest start-ups' navigation (see lib/nav.tsx): the page's own URL, no router. Every move is a
 * page load (its assets are cached and small), so each path is always served by the start-up that
 * owns it: a guest page by its guest/<page>.html, the rest of the app by index.html. The URL never
 * changes under a running start-up, so it is read once.
 */
const { pathname, search, hash } = window.location;
const location: NavLocation = { pathname, search, hash };
const params = matchGuestPage(pathname)?.params ?? {};
const searchParams = [new URLSearchParams(search)] as const;

function navigate(to: string | number, { replace = false }: NavigateOptions = {}) {
  if (typeof to === 'number') window.history.go(to);
  else if (replace) window.location.replace(to);
  else window.location.assign(to);
}

function Link({ to, replace, onClick, children, ...rest }: NavLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (replace && !e.defaultPrevented) {
          e.preventDefault();
          navigate(to, { replace });
        }
      }}
    >
      {children}
    </a>
  );
}

export const guestNav: NavAdapter = {
  useParams: () => params,
  useSearchParams: () => searchParams,
  useNavigate: () => navigate,
  useLocation: () => location,
  Link,
};
