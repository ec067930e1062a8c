// The Creative Advisor chat card of the dashboard: AI-powered with a model, else Basic Mode; any failure says
// so and falls back to Basic Mode. The conversation lives in this card only: it starts afresh on each visit.
import { SendHorizontal, Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ADVISOR_MESSAGE_MAX } from '../../../shared/constants';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import {
  ADVISOR_FAILURE_REPLY,
  type AdvisorAnswer,
  type ChatMessage,
  historyForRequest,
  useAskAdvisor,
} from './advisor-api';
import { inlineSegments, type TextBlock, toBlocks } from './advisor-text';
import { composerKeyAction } from './composer-keys';
import { pickSuggestions, shouldShowSuggestions } from './suggestions';

const INPUT_ID = 'creative-advisor-input';
const INPUT_HINT_ID = 'creative-advisor-input-hint';
const SUGGESTIONS_LABEL_ID = 'creative-advisor-suggestions';

function welcomeMessage(firstName: string | undefined): ChatMessage {
  const greeting = firstName
    ? `Hi ${firstName}! I'm your Creative Advisor.`
    : "Hi! I'm your Creative Advisor.";
  return {
    id: 0,
    role: 'assistant',
    local: true,
    content: `${greeting}\nAsk me about growing your audience, earning more from your content, your credit score, repayments, tax or equipment.`,
  };
}

function isUsableAnswer(answer: unknown): answer is AdvisorAnswer {
  const a = answer as Partial<AdvisorAnswer> | null;
  return typeof a?.content === 'string' && a.content.trim() !== '';
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineSegments(text).map((segment, index) =>
        segment.bold ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed string never reorder
          <strong key={index} className="font-semibold">
            {segment.text}
          </strong>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one fixed string never reorder
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

function Block({ block }: { block: TextBlock }) {
  if (block.type === 'list') {
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List className={cn('grid gap-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}>
        {block.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items of one fixed answer never reorder
          <li key={index}>
            <Inline text={item} />
          </li>
        ))}
      </List>
    );
  }
  if (block.type === 'heading') {
    return (
      <p className="font-semibold">
        <Inline text={block.text} />
      </p>
    );
  }
  return (
    <p>
      <Inline text={block.text} />
    </p>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[92%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed [overflow-wrap:anywhere] sm:max-w-[85%]',
          mine
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm border border-slate-200 bg-slate-50 text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Advisor: '}</span>
        {mine ? (
          <p className="whitespace-pre-wrap" data-testid="advisor-message-user">
            {message.content}
          </p>
        ) : (
          <div className="grid gap-2" data-testid="advisor-message-assistant">
            {toBlocks(message.content).map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one fixed answer never reorder
              <Block key={index} block={block} />
            ))}
            {message.notice ? (
              <p className="border-t border-slate-200 pt-2 text-xs text-slate-600">{message.notice}</p>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}

function ThinkingBubble() {
  return (
    <div className="flex justify-start" data-testid="advisor-thinking">
      <div className="flex items-center gap-2 rounded-2xl rounded-bl-sm border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-600">
        <span className="flex gap-1" aria-hidden="true">
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.3s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:-0.15s]" />
          <span className="size-1.5 animate-bounce rounded-full bg-slate-400" />
        </span>
        Thinking...
      </div>
    </div>
  );
}

export function CreativeAdvisorCard({ className }: { className?: string }) {
  const user = useUser();
  const ask = useAskAdvisor();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [welcomeMessage(user?.firstName)]);
  const [input, setInput] = useState('');
  // Nothing says a model is configured until a reply does, so the card starts by promising less.
  const [isBasicMode, setIsBasicMode] = useState(true);
  const [suggestions] = useState(() => pickSuggestions());
  const nextId = useRef(1);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const pending = ask.isPending;
  const showSuggestions = shouldShowSuggestions(messages.length);

  // Keep the newest message in view. The list scrolls itself, never the page. An empty list has nothing to
  // scroll: reading its height as the dashboard mounts would make the browser lay out the whole page inside
  // React's commit (about 35 ms of main-thread time on a phone-speed CPU).
  useEffect(() => {
    const list = listRef.current;
    if (list && (messages.length > 0 || pending)) list.scrollTop = list.scrollHeight;
  }, [messages.length, pending]);

  const append = (message: Omit<ChatMessage, 'id'>) => {
    const id = nextId.current;
    nextId.current += 1;
    setMessages((previous) => [...previous, { ...message, id }]);
  };

  const send = (text: string) => {
    const question = text.trim();
    if (question === '' || pending) return false;
    const history = historyForRequest(messages);
    append({ role: 'user', content: question });
    ask.mutate(
      { message: question, creatorType: user?.creatorType ?? null, userId: user?.id ?? null, history },
      {
        onSuccess: (answer) => {
          if (!isUsableAnswer(answer)) {
            setIsBasicMode(true);
            append({ role: 'assistant', content: ADVISOR_FAILURE_REPLY, local: true });
            return;
          }
          setIsBasicMode(answer.isBasicMode !== false);
          append({ role: 'assistant', content: answer.content });
        },
        onError: (error) => {
          // Any error forces Basic Mode.
          setIsBasicMode(true);
          append({
            role: 'assistant',
            content: ADVISOR_FAILURE_REPLY,
            local: true,
            notice: error instanceof ApiError && error.status === 429 ? error.message : undefined,
          });
        },
      },
    );
    return true;
  };

  const submit = () => {
    if (send(input)) setInput('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({
      key: event.key,
      shiftKey: event.shiftKey,
      isComposing: event.nativeEvent.isComposing,
      keyCode: event.keyCode,
    });
    if (action !== 'send') return;
    event.preventDefault();
    submit();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const askSuggestion = (question: string) => {
    send(question);
    // The suggestions go away once the chat grows; keep the keyboard where the next question is typed.
    inputRef.current?.focus();
  };

  return (
    <Card
      id="creative-advisor"
      data-tour="creative-advisor"
      role="region"
      aria-labelledby="creative-advisor-heading"
      className={cn('flex h-[600px] min-w-0 flex-col overflow-hidden', className)}
    >
      <div className="flex items-start justify-between gap-3 border-b border-border px-4 py-4 sm:px-6">
        <div className="flex min-w-0 items-start gap-3">
          <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 sm:flex">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <div className="grid min-w-0 gap-0.5">
            <h2
              id="creative-advisor-heading"
              className="text-base font-semibold leading-tight text-slate-900"
            >
              Creative Advisor
            </h2>
            <p className="text-sm text-slate-600">Personalised advice for your creative business.</p>
          </div>
        </div>
        <Badge
          data-testid="advisor-mode"
          variant={isBasicMode ? 'secondary' : 'success'}
          title={
            isBasicMode
              ? 'Rule-based advice worked out from your own figures'
              : 'Advice written by an AI model from your own figures'
          }
        >
          {isBasicMode ? null : <Sparkles className="size-3" aria-hidden="true" />}
          {isBasicMode ? 'Basic Mode' : 'AI-Powered'}
        </Badge>
      </div>

      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="Conversation with the Creative Advisor"
        // Focusable so the conversation can be scrolled with the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="grid min-h-0 flex-1 content-start gap-3 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring sm:px-6"
      >
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
        {pending ? <ThinkingBubble /> : null}
      </div>

      {showSuggestions ? (
        <div className="grid gap-2 border-t border-border px-4 py-3 sm:px-6">
          <p id={SUGGESTIONS_LABEL_ID} className="text-xs font-medium text-slate-600">
            Suggested questions
          </p>
          <ul aria-labelledby={SUGGESTIONS_LABEL_ID} className="flex flex-wrap gap-2">
            {suggestions.map((question) => (
              <li key={question} className="min-w-0 max-w-full">
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto max-w-full min-h-9 py-1.5 text-left leading-snug whitespace-normal"
                  disabled={pending}
                  onClick={() => askSuggestion(question)}
                >
                  {question}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-border px-4 py-3 sm:px-6">
        <label htmlFor={INPUT_ID} className="sr-only">
          Ask the Creative Advisor
        </label>
        <Textarea
          ref={inputRef}
          id={INPUT_ID}
          rows={2}
          value={input}
          maxLength={ADVISOR_MESSAGE_MAX}
          enterKeyHint="send"
          placeholder="Ask about your audience, income, score…"
          aria-describedby={INPUT_HINT_ID}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onKeyDown}
          className="max-h-32 min-h-11 flex-1 resize-none"
        />
        <span id={INPUT_HINT_ID} className="sr-only">
          Press Enter to send, Shift and Enter for a new line.
        </span>
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={pending || input.trim() === ''}
          className="size-11"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </Button>
      </form>
    </Card>
  );
}
