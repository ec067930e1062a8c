// A small OpenAI-compatible chat-completions server (POST /v1/chat/completions) started by the tests.
// Its behaviour is switched per test: a normal answer, an HTTP error, a timeout, or malformed JSON.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body';

export const FAKE_AI_KEY = 'sk-test-key';
export const FAKE_AI_MODEL = 'vuka-test-model';

export type FakeBehaviour =
  | { kind: 'reply'; content: string }
  /** Answers each call with the next content in turn (the last one repeats). */
  | { kind: 'sequence'; contents: string[] }
  | { kind: 'error'; status: number }
  | { kind: 'hang' };

export type SeenRequest = {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string };
  };
};

function completion(res: ServerResponse, model: string, content: string) {
  res.statusCode = 200;
  res.setHeader('content-type', 'application/json');
  res.end(
    JSON.stringify({
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    }),
  );
}

export async function startFakeOpenAi() {
  let behaviour: FakeBehaviour = { kind: 'reply', content: 'Hello from the model.' };
  let call = 0;
  const seen: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(await readBody(req)) as SeenRequest['body'];
    seen.push({ authorization: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${FAKE_AI_KEY}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { message: 'bad key', type: 'invalid_request_error' } }));
      return;
    }
    const b = behaviour;
    if (b.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (b.kind === 'error') {
      res.statusCode = b.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { message: 'The model is overloaded', type: 'server_error' } }));
      return;
    }
    const content = b.kind === 'reply' ? b.content : b.contents[Math.min(call, b.contents.length - 1)]!;
    call++;
    completion(res, body.model, content);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    env: (timeoutMs = 1500) => ({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_TIMEOUT_MS: String(timeoutMs),
    }),
    seen,
    set(next: FakeBehaviour) {
      behaviour = next;
      call = 0;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
