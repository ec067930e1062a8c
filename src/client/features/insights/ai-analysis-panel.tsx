// The admin's AI analysis of a user (toasts 'Analysis completed', 'Analysis failed', 'Failed to fetch
// insights'). Runs an analysis
// with a focus and an optional context, and lists the past ones: the latest open, older ones collapsible.
import { CheckCircle2, FileSearch, Sparkles } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { INDUSTRY_FOCUSES, type IndustryFocus, type InsightRecord } from '../../../shared/schemas/ai';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { cn } from '../../lib/utils';
import {
  ANALYSIS_SECTIONS,
  type FieldValue,
  FOCUS_LABELS,
  formatAnalysisDate,
  readFieldValue,
  SOURCE_LABELS,
  sectionFields,
} from './analysis-sections';
import { contextPreview, isContextCut } from './context-preview';
import { useAnalyzeUser, useInsights } from './insights-api';

const CONTEXT_MAX = 1000;

function completedDescription(record: InsightRecord): string {
  const focus = FOCUS_LABELS[record.industryFocus] ?? record.industryFocus;
  return record.source === 'ai'
    ? `The ${focus.toLowerCase()} analysis is ready.`
    : `The ${focus.toLowerCase()} analysis is ready. No AI service answered, so it was worked out by rules from the user's data.`;
}

function RunAnalysisForm({ userId }: { userId: number }) {
  const ids = useId();
  const focusId = `${ids}-focus`;
  const contextId = `${ids}-context`;
  const countId = `${ids}-count`;
  const [focus, setFocus] = useState<IndustryFocus>('general');
  const [context, setContext] = useState('');
  const analyze = useAnalyzeUser(userId);
  const running = analyze.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    analyze.mutate(
      { industryFocus: focus, context: context.trim() },
      {
        onSuccess: (record) => {
          toast({ title: 'Analysis completed', description: completedDescription(record) });
          setContext('');
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Analysis failed',
            description: messageOf(error, 'Failed to analyse the user'),
          }),
      },
    );
  };

  return (
    <section
      aria-labelledby={`${ids}-heading`}
      className="grid gap-4 rounded-lg border border-border bg-slate-50 p-4"
    >
      <div className="grid gap-1">
        <h3 id={`${ids}-heading`} className="font-semibold text-slate-900">
          Run an analysis
        </h3>
        <p className="text-sm text-slate-600">
          Reviews this user's finances, platforms, repayments, career and brand from their own data.
        </p>
      </div>
      <form onSubmit={onSubmit} className="grid gap-4" aria-label="Run an analysis">
        <div className="grid gap-2 sm:max-w-60">
          <Label htmlFor={focusId}>Focus</Label>
          <Select
            value={focus}
            onValueChange={(value) => setFocus(value as IndustryFocus)}
            disabled={running}
          >
            <SelectTrigger id={focusId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {INDUSTRY_FOCUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {FOCUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={contextId}>
            Context <span className="font-normal text-slate-600">(optional)</span>
          </Label>
          <Textarea
            id={contextId}
            value={context}
            maxLength={CONTEXT_MAX}
            rows={3}
            disabled={running}
            placeholder="What should the analysis look at? For example: reviewing a request for a second camera."
            aria-describedby={countId}
            onChange={(event) => setContext(event.target.value)}
            className="bg-white"
          />
          <p id={countId} className="text-right text-xs text-slate-600 tabular-nums">
            {context.length}/{CONTEXT_MAX}
          </p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" loading={running} className="sm:self-start">
            {running ? null : <Sparkles aria-hidden="true" />}
            Run Analysis
          </Button>
          {running ? (
            <div className="grid flex-1 gap-1.5" role="status">
              <p className="text-sm text-slate-700">
                Running the {FOCUS_LABELS[analyze.variables?.industryFocus ?? focus].toLowerCase()} analysis…
              </p>
              <div
                role="progressbar"
                aria-label="Analysis in progress"
                aria-valuetext="Running"
                className="h-1.5 overflow-hidden rounded-full bg-emerald-100"
              >
                <div className="h-full w-full animate-pulse rounded-full bg-primary" />
              </div>
            </div>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function FieldContent({ value }: { value: FieldValue }) {
  if (typeof value === 'string') return <p className="whitespace-pre-line">{value}</p>;
  return (
    <ul className="grid list-disc gap-1 pl-5">
      {value.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items of a stored record never reorder
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** Its headings are h5: under the latest analysis's h4, and under each earlier one's h4 trigger. */
function AnalysisDetail({ record }: { record: InsightRecord }) {
  const { analysis } = record;
  const summary = readFieldValue(analysis.summary);
  const insights = readFieldValue(analysis.actionableInsights);
  return (
    <div className="grid gap-4 text-sm leading-relaxed text-slate-700">
      {/* The whole context, when the preview above had to cut it. */}
      {isContextCut(record.context) ? (
        <div className="rounded-md border border-border bg-white px-3 py-2">
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Context</p>
          <p className="whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">{record.context}</p>
        </div>
      ) : null}
      {summary ? (
        <section className="grid gap-1 rounded-md border border-emerald-200 bg-emerald-50/60 px-4 py-3">
          <h5 className="font-semibold text-emerald-900">Summary</h5>
          <div className="text-slate-800" data-testid="analysis-summary">
            <FieldContent value={summary} />
          </div>
        </section>
      ) : null}
      {/* Two columns filled top to bottom, so a short section never leaves a tall empty box beside a long one. */}
      <div className="gap-4 md:columns-2 [&>*:last-child]:mb-0">
        {ANALYSIS_SECTIONS.map((section) => {
          const fields = sectionFields(analysis, section);
          if (fields.length === 0) return null;
          return (
            <section
              key={section.key}
              className="mb-4 grid break-inside-avoid content-start gap-2 rounded-md border border-border bg-white px-4 py-3"
              data-testid={`analysis-section-${section.key}`}
            >
              <h5 className="font-semibold text-slate-900">{section.title}</h5>
              <dl className="grid gap-2">
                {fields.map((field) => (
                  <div key={field.key} className="grid gap-0.5">
                    <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">
                      {field.label}
                    </dt>
                    <dd className="[overflow-wrap:anywhere]">
                      <FieldContent value={field.value} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
      </div>
      {insights ? (
        <section className="grid gap-2 rounded-md border border-border bg-white px-4 py-3">
          <h5 className="font-semibold text-slate-900">Actionable insights</h5>
          <ul className="grid gap-1.5" data-testid="analysis-actionable-insights">
            {(typeof insights === 'string' ? [insights] : insights).map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of a stored record never reorder
              <li key={index} className="flex gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function AnalysisMeta({ record }: { record: InsightRecord }) {
  const preview = contextPreview(record.context);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm font-normal">
      <time dateTime={record.timestamp} className="text-slate-700 tabular-nums" data-testid="analysis-date">
        {formatAnalysisDate(record.timestamp)}
      </time>
      <Badge variant="info" data-testid="analysis-focus" title="Focus">
        <span className="sr-only">Focus: </span>
        {FOCUS_LABELS[record.industryFocus] ?? record.industryFocus}
      </Badge>
      <Badge
        variant={record.source === 'ai' ? 'success' : 'secondary'}
        data-testid="analysis-source"
        title={record.source === 'ai' ? 'Written by an AI model' : 'Worked out by rules from the data'}
      >
        <span className="sr-only">Source: </span>
        {SOURCE_LABELS[record.source] ?? record.source}
      </Badge>
      {preview ? (
        <span className="min-w-0 text-slate-600 italic [overflow-wrap:anywhere]">
          <span className="sr-only">Context: </span>
          <span title={record.context} data-testid="context-preview">
            {preview}
          </span>
        </span>
      ) : (
        <span className="text-slate-500">No context</span>
      )}
    </span>
  );
}

function HistorySkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Loading analyses…</span>
      <Skeleton className="h-5 w-64 max-w-full" />
      <Skeleton className="h-20 w-full" />
      <div className="grid gap-3 md:grid-cols-2">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    </div>
  );
}

function AnalysisHistory({ userId }: { userId: number }) {
  const ids = useId();
  const query = useInsights(userId);
  const insights = query.data?.insights;

  let body: ReactNode;
  if (query.isPending) {
    body = <HistorySkeleton />;
  } else if (!insights) {
    body = <QueryErrorPanel query={query} title="Failed to fetch insights" fallback="" />;
  } else if (insights.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
        <span className="flex size-10 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <FileSearch className="size-5" aria-hidden="true" />
        </span>
        <p className="font-semibold text-slate-900">No analyses yet</p>
        <p className="max-w-sm text-sm text-slate-600">
          Run an analysis to see this user's summary, risks and opportunities here.
        </p>
      </div>
    );
  } else {
    const [latest, ...older] = insights as [InsightRecord, ...InsightRecord[]];
    body = (
      <div className="grid gap-6">
        <article
          aria-labelledby={`${ids}-latest`}
          className="grid gap-3"
          data-testid="latest-analysis"
          data-analysis-id={latest.analysisId}
        >
          <div className="grid gap-1.5">
            <h4 id={`${ids}-latest`} className="font-semibold text-slate-900">
              Latest analysis
            </h4>
            <AnalysisMeta record={latest} />
          </div>
          <AnalysisDetail record={latest} />
        </article>
        {older.length > 0 ? (
          <section aria-labelledby={`${ids}-earlier`} className="grid gap-2" data-testid="earlier-analyses">
            {/* Not a heading: each earlier analysis is an h4 of its own (the accordion's triggers). */}
            <p id={`${ids}-earlier`} className="font-semibold text-slate-900">
              Earlier analyses
            </p>
            <Accordion type="multiple" className="rounded-lg border border-border bg-white px-4">
              {older.map((record) => (
                <AccordionItem
                  key={record.analysisId}
                  value={record.analysisId}
                  data-analysis-id={record.analysisId}
                >
                  <AccordionTrigger headingLevel="h4" className="py-3">
                    <AnalysisMeta record={record} />
                  </AccordionTrigger>
                  <AccordionContent>
                    <AnalysisDetail record={record} />
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid gap-3">
      <h3 id={`${ids}-heading`} className="flex items-center gap-2 font-semibold text-slate-900">
        Past analyses
        {insights && insights.length > 0 ? (
          <Badge variant="secondary">
            {insights.length}
            <span className="sr-only"> {insights.length === 1 ? 'analysis' : 'analyses'}</span>
          </Badge>
        ) : null}
      </h3>
      {body}
    </section>
  );
}

export function AiAnalysisPanel({ userId, className }: { userId: number; className?: string }) {
  return (
    <div className={cn('grid min-w-0 gap-6', className)} data-testid="ai-analysis-panel">
      <RunAnalysisForm userId={userId} />
      <AnalysisHistory userId={userId} />
    </div>
  );
}
