// Input the database or the JSON on the way out cannot hold is refused at the door, for every route, before
// any schema runs (decision 018):
// - JSON bodies nested deeper than MAX_JSON_DEPTH (a parser or a recursive walk would exhaust the stack);
// - NUL characters (PostgreSQL text and jsonb cannot store U+0000) and lone UTF-16 surrogates (not Unicode
//   text: jsonb refuses them and they cannot be written out as UTF-8), in any string or key of a JSON body, the
//   query string or a path parameter;
// - JSON numbers that are -0 or not finite (`1e400` parses to Infinity): no amount, id or count is either.
// Each answers 400 in the one error shape, naming the field.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';

/** Deeper than any body the app accepts (the deepest, socialMediaData, is a few levels). */
export const MAX_JSON_DEPTH = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored or sent as text, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return null;
}

/** The deepest nesting of arrays and objects in JSON text, counted without parsing (strings skipped). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

type Problem = { field: string; message: string };

const fieldName = (path: readonly (string | number)[]) => (path.length ? path.join('.') : '_root');

/** The first value of a parsed JSON document that the app refuses, with where it is. */
export function jsonValueProblem(value: unknown): Problem | null {
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { field: fieldName(path), message: `Text ${problem}` };
    } else if (typeof current === 'number') {
      if (Object.is(current, -0)) return { field: fieldName(path), message: 'Numbers must not be -0' };
      if (!Number.isFinite(current)) return { field: fieldName(path), message: 'Numbers must be finite' };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const problem = textProblem(key);
        if (problem) return { field: fieldName(path), message: `Field names ${problem}` };
        stack.push({ value: inner, path: [...path, key] });
      }
    }
  }
  return null;
}

const refuse = (problem: Problem) =>
  badRequest(`${problem.field}: ${problem.message}`, { [problem.field]: [problem.message] });

function textInputProblem(values: unknown, where: string): Problem | null {
  if (!values || typeof values !== 'object') return null;
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    for (const text of Array.isArray(value) ? value : [value]) {
      if (typeof text !== 'string') continue;
      const problem = textProblem(text);
      if (problem) return { field: key, message: `The ${where} value ${problem}` };
    }
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: '_root', message: `A ${where} name ${keyProblem}` };
  }
  return null;
}

export function registerInputGuard(app: FastifyInstance) {
  // The default parser (secure-json-parse: __proto__ and constructor.prototype refused) after a depth check,
  // then the walk over what it parsed.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (
      request: FastifyRequest,
      body: string | Buffer,
      done: (error: Error | null, value?: unknown) => void,
    ) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        return done(badRequest(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`));
      }
      parseJson(request, text, (error: Error | null, value?: unknown) => {
        if (error) return done(error);
        const problem = jsonValueProblem(value);
        if (problem) return done(refuse(problem));
        done(null, value);
      });
    },
  );

  // A callback hook (a throw is its error): no promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const problem =
      textInputProblem(request.params, 'path') ?? textInputProblem(request.query, 'query-string');
    if (problem) throw refuse(problem);
    done();
  });
}
