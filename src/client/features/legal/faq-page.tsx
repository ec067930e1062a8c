// FAQ: one accordion, single open and collapsible, grouped by topic.
import { Link } from 'react-router';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { FAQ_TOPICS } from './faq-content';

export function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 md:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          Frequently Asked Questions
        </h1>
        <p className="mt-3 text-slate-600">
          Everything you need to know about financing, eligibility, repayments and your account.
        </p>
      </header>
      <nav aria-label="FAQ topics" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {FAQ_TOPICS.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className="inline-flex rounded-full border border-border bg-white px-3 py-1 text-sm text-slate-700 hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {topic.topic}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Accordion type="single" collapsible className="mt-10 grid gap-8">
        {FAQ_TOPICS.map((topic) => (
          <section
            key={topic.id}
            id={topic.id}
            aria-labelledby={`${topic.id}-heading`}
            className="scroll-mt-24"
          >
            <h2 id={`${topic.id}-heading`} className="text-xl font-semibold text-slate-900">
              {topic.topic}
            </h2>
            <div className="mt-3 rounded-xl border border-border bg-white px-5 shadow-sm sm:px-6">
              {topic.items.map((item, i) => (
                <AccordionItem key={item.question} value={`${topic.id}-${i}`}>
                  <AccordionTrigger>{item.question}</AccordionTrigger>
                  <AccordionContent>{item.answer}</AccordionContent>
                </AccordionItem>
              ))}
            </div>
          </section>
        ))}
      </Accordion>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-xl bg-emerald-50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold text-emerald-900">Still have questions?</h2>
          <p className="text-sm text-emerald-900">
            E-mail us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium underline underline-offset-4">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </div>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Try our financing tools
        </Link>
      </div>
    </div>
  );
}
