// The three visitor tools in tabs. The calculator is the tab shown first; the other two
// (the metrics one brings the chart library) are fetched when a visitor heads for them: hovering, focusing
// or pressing their tab starts the download.
import { BarChart3, Calculator, ShieldCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { cn } from '../../lib/utils';
import { CalculatorTab } from './calculator-tab';

const loadMetricsTab = () => import('./metrics-tab');
const loadEligibilityTab = () => import('./eligibility-tab');
const MetricsTab = lazy(() => loadMetricsTab().then((m) => ({ default: m.MetricsTab })));
const EligibilityTab = lazy(() => loadEligibilityTab().then((m) => ({ default: m.EligibilityTab })));
const prefetch = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
});

/** Holds the tab panel's place while its code arrives, at the height measured for what comes. */
function TabFallback({ className }: { className: string }) {
  return (
    <div role="status" className={cn('grid', className)}>
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-full w-full rounded-xl" />
    </div>
  );
}

export function ToolsTabs() {
  return (
    <Tabs defaultValue="calculator" className="mt-8">
      <TabsList className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto">
        <TabsTrigger value="calculator">
          <Calculator aria-hidden="true" />
          Calculator
        </TabsTrigger>
        <TabsTrigger value="metrics" {...prefetch(loadMetricsTab)}>
          <BarChart3 aria-hidden="true" />
          Metrics
        </TabsTrigger>
        <TabsTrigger value="eligibility" {...prefetch(loadEligibilityTab)}>
          <ShieldCheck aria-hidden="true" />
          Eligibility
        </TabsTrigger>
      </TabsList>
      <TabsContent value="calculator" className="mt-6">
        <CalculatorTab />
      </TabsContent>
      <TabsContent value="metrics" className="mt-6">
        <Suspense fallback={<TabFallback className="h-[982px] sm:h-[922px] lg:h-[508px]" />}>
          <MetricsTab />
        </Suspense>
      </TabsContent>
      <TabsContent value="eligibility" className="mt-6">
        <Suspense
          fallback={<TabFallback className="mx-auto h-[381px] max-w-2xl sm:h-[357px] md:h-[337px]" />}
        >
          <EligibilityTab />
        </Suspense>
      </TabsContent>
    </Tabs>
  );
}
