// Stands in for the Creative Advisor chat card, which arrives in a later issue; the tour points at its id.
import { Sparkles } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/utils';

export function CreativeAdvisorPlaceholder({ className }: { className?: string }) {
  return (
    <Card
      id="creative-advisor"
      data-tour="creative-advisor"
      aria-labelledby="creative-advisor-heading"
      role="region"
      className={cn('flex flex-col gap-3 p-5 sm:flex-row sm:items-center', className)}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Sparkles className="size-5" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h2
          id="creative-advisor-heading"
          className="flex flex-wrap items-center gap-2 font-semibold text-slate-900"
        >
          Creative Advisor
          <Badge variant="secondary">Coming soon</Badge>
        </h2>
        <p className="text-sm text-slate-600">
          Personalised, AI-powered advice on growing your audience and income is coming soon.
        </p>
      </div>
    </Card>
  );
}
