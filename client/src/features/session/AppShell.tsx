import { useApolloClient, useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Icon } from '../../components/Icon';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { carriedSearch } from '../../filters/spendFilter';
import { useDataRange } from '../../filters/useSpendFilter';
import { hasFilterBar, roleLabels, screensFor } from './navigation';
import { Button } from '../../components/Button';
import { useHeadingFocusOnNavigation } from './useHeadingFocusOnNavigation';

const AppShellUserFragment = graphql(`
  fragment AppShell_user on User {
    name
    email
    role
  }
`);

const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

export function AppShell(props: { user: FragmentType<typeof AppShellUserFragment>; children: ReactNode }) {
  const user = getFragmentData(AppShellUserFragment, props.user);
  const client = useApolloClient();
  const navigate = useNavigate();
  const [logout, { loading: signingOut }] = useMutation(LogoutMutation);
  // On narrow screens the sidebar folds into a top bar; this opens its menu (ignored when wide).
  // It remembers the path it was opened on, so following a link closes it.
  const { pathname, search } = useLocation();
  // The filter bar is global: from one of its screens to another, the sidebar keeps the period,
  // units, categories and suppliers chosen (a screen's own state, such as a sort, stays behind).
  const onFilterScreen = hasFilterBar(pathname);
  const range = useDataRange(!onFilterScreen);
  const carried = (to: string) => (onFilterScreen ? carriedSearch(search, pathname, to, range) : '');
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpen = menuOpenedOn === pathname;
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useHeadingFocusOnNavigation();

  async function signOut() {
    try {
      await logout();
    } finally {
      // Forget everything the previous user could see before anyone else signs in here.
      await client.clearStore();
      navigate('/login', { replace: true });
    }
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside
        className={`shell__sidebar${menuOpen ? ' shell__sidebar--open' : ''}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpenedOn(null);
            menuButtonRef.current?.focus();
          }
        }}
      >
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            <svg viewBox="0 0 32 32" width="28" height="28">
              <rect width="32" height="32" rx="8" fill="currentColor" />
              <path d="M9 21l5-6 4 3 5-8" stroke="white" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <span className="brand__name">Spendscope</span>
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          className="shell__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenedOn(menuOpen ? null : pathname)}
          data-testid="menu-button"
        >
          <Icon name={menuOpen ? 'close' : 'menu'} size={20} />
          <span>Menu</span>
        </button>
        <div className="shell__menu" id={menuId}>
          <nav className="nav" aria-label="Main">
            <ul>
              {screensFor(user.role).map((screen) => {
                const kept = screen.filterBar ? carried(screen.path) : '';
                return (
                  <li key={screen.path}>
                    <NavLink to={kept ? { pathname: screen.path, search: kept } : screen.path} end={screen.path === '/'} className="nav__link">
                      <Icon name={screen.icon} />
                      <span>{screen.label}</span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="user-card">
            <div className="user-card__who">
              <span className="user-card__avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
              <div className="user-card__text">
                <span className="user-card__name" title={user.email} data-testid="user-name">
                  {user.name}
                </span>
                <span className="user-card__role" data-testid="user-role">
                  {roleLabels[user.role]}
                </span>
              </div>
            </div>
            <Button busy={signingOut} busyLabel="Signing out…" variant="ghost" block className="user-card__sign-out" icon={<Icon name="logout" size={16} />} onClick={signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </aside>
      <div className="shell__main" id="main">
        {props.children}
      </div>
    </div>
  );
}
