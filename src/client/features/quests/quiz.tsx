// A quiz step: one fieldset of radio buttons per question. Every question must be
// answered before submitting; the server scores it. After a pass the answers are locked and each question
// says whether it was right, which option was, and why.
import { CheckCircle2, Send, XCircle } from 'lucide-react';
import type { QuizQuestionView, QuizResult } from '../../../shared/quests';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import type { QuestionReview, QuizAnswers } from './quest-rules';

export function Quiz({
  idPrefix,
  questions,
  answers,
  onAnswer,
  review,
  failed,
  locked: lockedProp = false,
  onSubmit,
  submitting,
}: {
  /** Unique per quest and step, so radio names never collide. */
  idPrefix: string;
  questions: readonly QuizQuestionView[];
  answers: QuizAnswers;
  onAnswer: (question: number, option: number) => void;
  /** Present once the quiz is passed: the answers are locked and marked. */
  review: QuestionReview[] | undefined;
  /** Passed earlier, but the answers given are not known: nothing to mark, nothing to submit. */
  locked?: boolean;
  /** The last failed attempt, if any (the toast says it too, but a toast goes away). */
  failed: QuizResult | undefined;
  onSubmit: () => void;
  submitting: boolean;
}) {
  const locked = lockedProp || review !== undefined;
  return (
    <div className="grid gap-5">
      {questions.map((question, qi) => {
        const item = review?.[qi];
        const chosen = locked ? item?.chosen : answers[qi];
        const legendId = `${idPrefix}-q${qi}`;
        return (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id and never reorder
            key={qi}
            aria-describedby={item ? `${legendId}-review` : undefined}
            className={cn(
              'grid min-w-0 gap-3 rounded-lg border p-4',
              item
                ? item.correct
                  ? 'border-emerald-300 bg-emerald-50/40'
                  : 'border-red-300 bg-red-50/40'
                : 'border-border',
            )}
          >
            <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900">
              <span className="text-slate-500">Question {qi + 1}.</span> {question.question}
            </legend>
            <div className="grid gap-2">
              {question.options.map((option, oi) => {
                const id = `${legendId}-o${oi}`;
                const isChosen = chosen === oi;
                const isRight = item !== undefined && item.correctAnswer === oi;
                const isWrongChoice = item !== undefined && isChosen && !isRight;
                return (
                  <label
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are positional (answers are indexes)
                    key={oi}
                    htmlFor={id}
                    className={cn(
                      'flex min-h-11 items-start gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors',
                      locked ? 'cursor-default' : 'cursor-pointer hover:bg-muted',
                      isChosen && !locked ? 'border-primary bg-emerald-50' : 'border-border bg-white',
                      isRight && 'border-emerald-500 bg-emerald-50',
                      isWrongChoice && 'border-red-400 bg-red-50',
                    )}
                  >
                    <input
                      id={id}
                      type="radio"
                      name={legendId}
                      value={oi}
                      checked={isChosen}
                      disabled={locked || submitting}
                      onChange={() => onAnswer(qi, oi)}
                      className="mt-0.5 size-4 shrink-0 accent-emerald-700"
                    />
                    <span className="min-w-0 flex-1 break-words text-slate-800">{option}</span>
                    {isRight ? (
                      <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-800">
                        <CheckCircle2 className="size-4" aria-hidden="true" />
                        Correct answer
                      </span>
                    ) : isWrongChoice ? (
                      <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-red-800">
                        <XCircle className="size-4" aria-hidden="true" />
                        Your answer
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
            {item ? (
              <div id={`${legendId}-review`} className="grid gap-1 text-sm" data-testid="quiz-review">
                <p className={cn('font-semibold', item.correct ? 'text-emerald-800' : 'text-red-800')}>
                  {item.correct ? 'Correct' : 'Wrong'}
                </p>
                {item.explanation ? <p className="text-slate-700">{item.explanation}</p> : null}
              </div>
            ) : null}
          </fieldset>
        );
      })}

      {locked ? null : (
        <div className="grid gap-3">
          {failed ? (
            <Alert variant="destructive">
              <XCircle aria-hidden="true" />
              <div>
                <AlertTitle>Not passed yet</AlertTitle>
                <AlertDescription>
                  Last attempt: {failed.correctCount} out of {failed.total} correct. You need{' '}
                  {failed.passMark} to pass. Change your answers and submit again.
                </AlertDescription>
              </div>
            </Alert>
          ) : null}
          <div>
            <Button writes onClick={onSubmit} loading={submitting} className="w-full sm:w-auto">
              {submitting ? null : <Send aria-hidden="true" />}
              Submit Quiz
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
