import { errorBodySchema } from '@rackdesk/contract';

/**
 * Text that belongs in a log, never in an answer: stack frames and source paths, SQL and the
 * database's own error words. Each is looked for case-insensitively.
 */
export const LEAK_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: / {4}at / },
  { name: 'source path', pattern: /\.[cm]?[jt]sx?:\d/i },
  { name: 'source path', pattern: /\.ts:/i },
  { name: 'node_modules', pattern: /node_modules/i },
  // Not "select" alone, which a message may ask a person to do: "select" as a statement starts.
  { name: 'SQL', pattern: /\bselect\s+(\*|"|distinct\b|count\(|\w+\.")/i },
  { name: 'SQL', pattern: /failed query/i },
  { name: 'SQL', pattern: /insert into/i },
  { name: 'SQL', pattern: /\bupdate\s+"?\w+"?\s+set\b/i },
  { name: 'SQL', pattern: /delete from/i },
  { name: 'database error', pattern: /syntax error/i },
  { name: 'database error', pattern: /violates/i },
  { name: 'database error', pattern: /relation "/i },
  { name: 'database error', pattern: /invalid input (syntax|value)/i },
  { name: 'database error', pattern: /out of range for type/i },
  { name: 'database name', pattern: /pglite/i },
  { name: 'database name', pattern: /postgres/i },
  { name: 'database name', pattern: /drizzle/i },
];

/** Content types whose body is text an answer could leak into. */
const TEXT_TYPES = /json|text|html|xml/i;

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * What is wrong with one answer: a status of 500 or more, leaked internals, or an error body
 * without the API's error shape. `echoes` are strings the caller sent, which an answer may
 * repeat (a name, a search term) without leaking anything: they are taken out before the look.
 */
export function answerProblems(answer: Answer, echoes: Iterable<string>): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}`);
  const type = String(answer.headers['content-type'] ?? '');
  if (TEXT_TYPES.test(type) || type === '') {
    const scrubbed = withoutEchoes(answer.body, echoes);
    for (const { name, pattern } of LEAK_PATTERNS) {
      if (pattern.test(scrubbed)) problems.push(`${name} in the answer (${pattern})`);
    }
  }
  if (answer.statusCode >= 400) {
    const body = parseJson(answer.body);
    const parsed = errorBodySchema.safeParse(body);
    if (!/json/i.test(type)) problems.push(`error answer of type "${type}"`);
    if (!parsed.success) problems.push('error body without the error shape');
    else if (!parsed.data.message.trim()) problems.push('error body with an empty message');
  }
  return problems;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer with every sent string taken out, as it is and as JSON writes it. */
function withoutEchoes(body: string, echoes: Iterable<string>): string {
  let text = body;
  for (const echo of echoes) {
    if (echo.length < 3) continue;
    for (const form of [echo, JSON.stringify(echo).slice(1, -1)]) {
      if (text.includes(form)) text = text.split(form).join('');
    }
  }
  return text;
}
