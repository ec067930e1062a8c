// The signed-in navigation below lg, in a side sheet. Its own chunk: the dialog machinery (focus trap,
// scroll lock, portal) is loaded when a visitor first reaches for the menu, not with every page.
import { LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import type { PublicUser } from '../../shared/schemas/auth';
import { Button, buttonVariants } from '../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../components/ui/sheet';
import { EndImpersonationButton } from '../features/impersonation';
import { cn } from '../lib/utils';
import type { NavItem } from './site-header';

export function MobileMenu({
  open,
  onOpenChange,
  trigger,
  user,
  items,
  impersonating,
  signOut,
  signingOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button in the top bar: focus goes back to it when the sheet closes. */
  trigger: RefObject<HTMLButtonElement | null>;
  user: PublicUser;
  items: NavItem[];
  impersonating: boolean;
  signOut: () => void;
  signingOut: boolean;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>
            Signed in as {user.firstName} {user.lastName}
          </SheetDescription>
        </SheetHeader>
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  onClick={close}
                  className={cn(buttonVariants({ variant: 'ghost' }), 'w-full justify-start')}
                >
                  <Icon aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {impersonating ? (
          <EndImpersonationButton
            variant="outline"
            onStart={close}
            className="w-full justify-start border-amber-400 text-amber-950 hover:bg-amber-50"
          />
        ) : null}
        <Button
          variant="outline"
          onClick={() => {
            close();
            signOut();
          }}
          loading={signingOut}
          className="w-full justify-start"
        >
          {signingOut ? null : <LogOut aria-hidden="true" />}
          Logout
        </Button>
      </SheetContent>
    </Sheet>
  );
}
