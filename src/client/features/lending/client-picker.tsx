// The lending page's Client filter: a searchable picker that asks the server for 20 users at a
// time (GET /api/admin/users?search=…&pageSize=20) as the admin types, instead of loading every user. The
// chosen client comes from the address by id and is named from GET /api/admin/users/{id}. The combobox
// pattern: a button that opens a listbox with its own search box (cmdk handles the arrow keys).
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../hooks/use-debounce';
import { messageOf } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { cn } from '../../lib/utils';
import { adminUserQueryOptions, userPickerQueryOptions } from '../admin-users';
import { clientLabel } from './lending-api';

const PICKER_DEBOUNCE_MS = 250;
const ALL = 'all';

const itemClass =
  'flex cursor-default items-center gap-2 rounded-sm px-2 py-2 text-sm outline-none select-none data-[selected=true]:bg-emerald-50 data-[selected=true]:text-emerald-900';

export function ClientPicker({
  id,
  userId,
  onChange,
}: {
  id: string;
  userId: number | undefined;
  onChange: (userId: number | undefined) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const listId = useId();
  const search = useDebouncedValue(text.trim(), PICKER_DEBOUNCE_MS);
  const matches = useQuery({ ...userPickerQueryOptions(search), enabled: open });
  const chosen = useQuery({
    ...adminUserQueryOptions(userId ?? 0),
    enabled: userId !== undefined,
    select: (details) => clientLabel(details.user),
  });

  const label =
    userId === undefined
      ? 'All Clients'
      : (chosen.data ?? (chosen.isError ? `Client #${userId}` : `Client #${userId}…`));
  const pick = (value: number | undefined) => {
    onChange(value);
    setOpen(false);
    setText('');
  };
  const searching =
    matches.isFetching && (matches.isPending || matches.isPlaceholderData || search !== text.trim());
  const users = matches.data?.data ?? [];

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-haspopup="listbox"
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-white px-3 py-2 text-left text-base text-foreground shadow-xs focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 sm:text-sm',
          )}
        >
          <span className="truncate" data-testid="client-picker-value">
            {label}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
        <Command shouldFilter={false} loop className="flex flex-col">
          <div className="relative">
            <Command.Input
              value={text}
              onValueChange={setText}
              placeholder="Search by name, e-mail or id…"
              aria-label="Search clients"
              className="h-10 w-full border-b border-border bg-transparent pr-9 pl-3 text-base outline-none placeholder:text-slate-500 sm:text-sm"
            />
            {searching ? (
              <span className="absolute top-1/2 right-3 -translate-y-1/2 text-slate-500">
                <Spinner label="Searching clients…" />
              </span>
            ) : null}
          </div>
          <Command.List id={listId} className="max-h-64 overflow-y-auto p-1">
            {text.trim() === '' ? (
              <Command.Item value={ALL} onSelect={() => pick(undefined)} className={itemClass}>
                <Check
                  className={cn('size-4 shrink-0', userId === undefined ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                All Clients
              </Command.Item>
            ) : null}
            {users.map((user) => (
              <Command.Item
                key={user.id}
                value={String(user.id)}
                onSelect={() => pick(user.id)}
                className={itemClass}
              >
                <Check
                  className={cn('size-4 shrink-0', user.id === userId ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{clientLabel(user)}</span>
              </Command.Item>
            ))}
            {matches.isPending && open ? (
              <Command.Loading>
                <p className="px-2 py-4 text-center text-sm text-slate-600">Loading clients…</p>
              </Command.Loading>
            ) : null}
            {matches.isError && !matches.data ? (
              <p role="alert" className="px-2 py-4 text-center text-sm text-red-700">
                {messageOf(matches.error, 'Could not load clients')}
              </p>
            ) : null}
            {matches.data && users.length === 0 && !searching ? (
              <p className="px-2 py-4 text-center text-sm text-slate-600">No client found.</p>
            ) : null}
            {matches.data && matches.data.total > users.length ? (
              <p className="px-2 pt-2 pb-1 text-xs text-slate-500">
                The first {formatCount(users.length)} of {formatCount(matches.data.total)} matches: type more
                to narrow them.
              </p>
            ) : null}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
