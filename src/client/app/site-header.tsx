// The top bar: product name, and for a signed-in user the greeting,
// navigation and Logout. Below lg the navigation moves into a side sheet so nothing overflows at 390 px.
import { GraduationCap, Landmark, LayoutDashboard, LogOut, Menu, Settings, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { PublicUser } from '../../shared/schemas/auth';
import { BrandLink } from '../components/brand-logo';
import { Button, buttonVariants } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { EndImpersonationButton, useImpersonationView } from '../features/impersonation';
import { listViewHref } from '../lib/list-memory';
import { isStaffUser, useSession, useSignOut } from '../lib/session';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((m) => ({ default: m.MobileMenu })));

export interface NavItem {
  to: string;
  label: string;
  icon: typeof LayoutDashboard;
}

/** Which links the top bar shows for this user on this path. */
export function navItemsFor(user: PublicUser, pathname: string): NavItem[] {
  const admin = isStaffUser(user);
  const items: NavItem[] = [];
  if (pathname !== '/dashboard') items.push({ to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard });
  if (admin && !pathname.startsWith('/admin'))
    items.push({ to: '/admin', label: 'Admin Panel', icon: ShieldCheck });
  // The loan book is where most of a lending team's day is: one click from anywhere.
  if (admin && pathname !== '/admin/lending')
    items.push({ to: '/admin/lending', label: 'Lending', icon: Landmark });
  // Every creator has the link (the advisor sends creators there).
  items.push({ to: '/learning-quests', label: 'Learning Quests', icon: GraduationCap });
  if (pathname !== '/settings') items.push({ to: '/settings', label: 'Settings', icon: Settings });
  return items;
}

function SignedInNav({ user }: { user: PublicUser }) {
  const { pathname } = useLocation();
  const { signOut, isPending } = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  // The sheet's chunk is fetched on first use (hover or focus starts it early) and then stays mounted.
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The lists open as they were last left (lib/list-memory.ts).
  const items = navItemsFor(user, pathname).map((item) =>
    item.to === '/admin' || item.to === '/admin/lending' ? { ...item, to: listViewHref(item.to) } : item,
  );
  const impersonating = useImpersonationView().active;

  return (
    <>
      <div className="hidden items-center gap-1 lg:flex">
        <p className="mr-2 max-w-48 truncate text-sm text-slate-600">
          Welcome, <span className="font-semibold text-slate-900">{user.firstName}</span>
        </p>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                  <Icon aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {impersonating ? (
          <EndImpersonationButton
            size="sm"
            variant="outline"
            className="ml-1 border-amber-400 text-amber-950 hover:bg-amber-50"
          />
        ) : null}
        <Button variant="outline" size="sm" onClick={signOut} loading={isPending} className="ml-1">
          {isPending ? null : <LogOut aria-hidden="true" />}
          Logout
        </Button>
      </div>

      <div className="flex min-w-0 items-center gap-2 lg:hidden">
        <p className="hidden max-w-32 truncate text-sm text-slate-600 min-[360px]:block">
          Welcome, <span className="font-semibold text-slate-900">{user.firstName}</span>
        </p>
        <Button
          ref={menuButton}
          variant="outline"
          size="icon"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onPointerEnter={() => void loadMobileMenu()}
          onFocus={() => void loadMobileMenu()}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu aria-hidden="true" />
        </Button>
        {menuLoaded ? (
          <Suspense fallback={null}>
            <MobileMenu
              open={menuOpen}
              onOpenChange={setMenuOpen}
              trigger={menuButton}
              user={user}
              items={items}
              impersonating={impersonating}
              signOut={signOut}
              signingOut={isPending}
            />
          </Suspense>
        ) : null}
      </div>
    </>
  );
}

export function SiteHeader() {
  const { user, isPending } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <BrandLink />
        {isPending ? (
          <Skeleton className="h-9 w-24" />
        ) : user ? (
          <SignedInNav user={user} />
        ) : (
          <Link to="/auth" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
