// An accordion of disclosure buttons (WAI-ARIA accordion pattern): each trigger is a button inside a heading,
// with aria-expanded and aria-controls, and its panel a region labelled by it; ArrowUp/ArrowDown, Home and End
// move between the triggers of one accordion. A closed panel is not rendered.
//
// Not Radix's Accordion (decision 023): to animate a panel's height it measures every open panel as it mounts
// and reads its computed style, each a forced style and layout of the whole page inside React's commit. The
// dashboard mounts its open plan cards that way after the first paint, and on a phone that pass was the page's
// longest task. Here a panel fades in and nothing is measured.
import { ChevronDown } from 'lucide-react';
import { Slot } from 'radix-ui';
import {
  type ComponentProps,
  type Context,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/utils';

interface AccordionContextValue {
  isOpen: (value: string) => boolean;
  toggle: (value: string) => void;
}

interface ItemContextValue {
  open: boolean;
  /** data-state of the item's parts, as Radix named it (styles and tests read it). */
  state: 'open' | 'closed';
  value: string;
  triggerId: string;
  contentId: string;
}

const AccordionContext = createContext<AccordionContextValue | null>(null);
const ItemContext = createContext<ItemContextValue | null>(null);

function useRequired<T>(context: Context<T | null>, what: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`${what} must be used inside its accordion`);
  return value;
}

type RootProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & { asChild?: boolean };

type AccordionProps =
  | (RootProps & {
      type: 'single';
      /** Whether the open item closes again when its trigger is pressed (otherwise one stays open). */
      collapsible?: boolean;
      value?: string;
      defaultValue?: string;
      onValueChange?: (value: string) => void;
    })
  | (RootProps & {
      type: 'multiple';
      value?: string[];
      defaultValue?: string[];
      onValueChange?: (value: string[]) => void;
    });

/** Open items as a list whatever the type: a single accordion's empty string means none open. */
const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : value === '' ? [] : [value];

export function Accordion(props: AccordionProps) {
  // One shape for both types inside; the union above is what callers are held to.
  const { type, value, defaultValue, onValueChange, asChild, collapsible, onKeyDown, ...domProps } =
    props as RootProps & {
      type: 'single' | 'multiple';
      collapsible?: boolean;
      value?: string | string[];
      defaultValue?: string | string[];
      onValueChange?: (value: string | string[]) => void;
    };

  const [uncontrolled, setUncontrolled] = useState<string[]>(() => asList(defaultValue));
  const controlled = value !== undefined;
  const open = controlled ? asList(value) : uncontrolled;
  const openKey = open.join('\u0000');
  // The latest list and callback, read when a trigger is pressed, so the context only changes with what is open.
  const latest = useRef({ open, onValueChange });
  latest.current = { open, onValueChange };

  const toggle = useCallback(
    (item: string) => {
      const current = latest.current.open;
      const wasOpen = current.includes(item);
      let next: string[];
      if (type === 'multiple') next = wasOpen ? current.filter((v) => v !== item) : [...current, item];
      else if (!wasOpen) next = [item];
      else if (collapsible) next = [];
      else return;
      if (!controlled) setUncontrolled(next);
      latest.current.onValueChange?.(type === 'multiple' ? next : (next[0] ?? ''));
    },
    [type, collapsible, controlled],
  );

  const context = useMemo<AccordionContextValue>(() => {
    const openSet = new Set(openKey === '' ? [] : openKey.split('\u0000'));
    return { isOpen: (item) => openSet.has(item), toggle };
  }, [openKey, toggle]);

  const Root = asChild ? Slot.Root : 'div';
  return (
    <AccordionContext.Provider value={context}>
      <Root
        data-accordion=""
        {...domProps}
        onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveBetweenTriggers(event);
        }}
      />
    </AccordionContext.Provider>
  );
}

const TRIGGER = '[data-accordion-trigger]';

/** ArrowDown/ArrowUp (wrapping), Home and End between this accordion's triggers, skipping nested ones. */
function moveBetweenTriggers(event: KeyboardEvent<HTMLElement>) {
  const target = event.target as HTMLElement;
  if (!target.matches(TRIGGER) || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
  const root = event.currentTarget;
  const triggers = Array.from(root.querySelectorAll<HTMLButtonElement>(TRIGGER)).filter(
    (trigger) => trigger.closest('[data-accordion]') === root && !trigger.disabled,
  );
  const at = triggers.indexOf(target as HTMLButtonElement);
  if (at < 0) return;
  const last = triggers.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? (at + 1) % triggers.length
          : (at - 1 + triggers.length) % triggers.length;
  event.preventDefault();
  triggers[next]?.focus();
}

export function AccordionItem({
  value,
  asChild,
  className,
  ...props
}: ComponentProps<'div'> & { value: string; asChild?: boolean }) {
  const accordion = useRequired(AccordionContext, 'AccordionItem');
  const id = useId();
  const open = accordion.isOpen(value);
  const item = useMemo(
    () => ({
      open,
      state: open ? ('open' as const) : ('closed' as const),
      value,
      triggerId: `${id}-trigger`,
      contentId: `${id}-content`,
    }),
    [open, value, id],
  );
  const Item = asChild ? Slot.Root : 'div';
  return (
    <ItemContext.Provider value={item}>
      <Item
        data-state={item.state}
        className={cn('border-b border-border last:border-b-0', className)}
        {...props}
      />
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({
  className,
  children,
  headingLevel: HeadingTag = 'h3',
  onClick,
  ...props
}: ComponentProps<'button'> & { headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const accordion = useRequired(AccordionContext, 'AccordionTrigger');
  const item = useRequired(ItemContext, 'AccordionTrigger');
  return (
    <HeadingTag className="flex" data-state={item.state}>
      <button
        type="button"
        id={item.triggerId}
        aria-expanded={item.open}
        aria-controls={item.open ? item.contentId : undefined}
        data-state={item.state}
        data-accordion-trigger=""
        className={cn(
          'flex flex-1 items-center justify-between gap-4 rounded-sm py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) accordion.toggle(item.value);
        }}
        {...props}
      >
        {children}
        <ChevronDown
          className="size-4 shrink-0 text-slate-500 transition-transform duration-200"
          aria-hidden="true"
        />
      </button>
    </HeadingTag>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<'section'>) {
  const item = useRequired(ItemContext, 'AccordionContent');
  if (!item.open) return null;
  return (
    // A section with a name is a region, labelled by its trigger.
    <section
      id={item.contentId}
      aria-labelledby={item.triggerId}
      data-state={item.state}
      className="animate-accordion-open text-sm"
      {...props}
    >
      <div className={cn('pb-4 leading-relaxed text-slate-700', className)}>{children}</div>
    </section>
  );
}
