// One way of adding a platform: icon, title, what it shares, its main action, and an optional panel.
import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export function PlatformOption({
  icon,
  title,
  description,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-border bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-700 [&_svg]:size-5">
            {icon}
          </span>
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold text-slate-900">
              {title}
            </h3>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
        </div>
        {action ? <div className="shrink-0 sm:self-center">{action}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Shown instead of the connect button once the platform is connected. */
export function ConnectedMark() {
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-700">
      <CheckCircle2 className="size-4" aria-hidden="true" />
      Connected
    </p>
  );
}
