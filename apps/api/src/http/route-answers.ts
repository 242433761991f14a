import { ErrorCode, type SubAccountPermission } from '@rackdesk/contract';
import { readOnlyRuleApplies } from './token-access.ts';

/**
 * Who may call a route: the policy function (http/policy.ts) its handler applies. Every API route
 * states it in `config.access`, and the API document derives the route's security requirement
 * and its refusals from it, so that an outside client knows what to expect.
 */
export type RouteAccess =
  /** Anyone: no bearer token is needed. */
  | 'public'
  /** requireLogin. */
  | 'signedIn'
  /** requireMainAccount. */
  | 'mainAccount'
  /** requireSession: a signed-in session of an owner or a sub-account, not an API token. */
  | 'session'
  /** requireMainAccount and requireSession: the owner, signed in (credentials of the account). */
  | 'ownerSession'
  /** requirePermission: a sub-account needs this permission. */
  | { permission: SubAccountPermission }
  /** One service by id: the services permission, the owner's service (404) and the whitelist (403). */
  | 'service'
  /** requireOperator: support staff only (the operator role). */
  | 'operator';

/** The error statuses the API answers on purpose (API.md, "Error bodies"). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 406 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504;

/** What each error status means for one route, in the words of the API document. */
export type ErrorAnswers = Partial<Record<ErrorStatus, string>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A permission a sub-account needs on top of what `access` asks (an upgrade of a server is an
     * order too), checked right after it.
     */
    alsoRequires?: SubAccountPermission;
    /** Answers beyond those the access and the input imply, or better words for one of those. */
    answers?: ErrorAnswers;
  }
}

/** A route that calls a server platform (Proxmox VE, Tenantos, Virtualizor, PowerDNS). */
export const upstreamAnswers = {
  502: 'The server platform failed or refused the call (`error`: `upstream_error`); the message can be shown as it is.',
  504: 'The server platform did not answer in time (`error`: `upstream_timeout`).',
} satisfies ErrorAnswers;

/** A change to a server: it needs an active service and a server ready for it. */
export const serverChangeAnswers = {
  409: 'The server cannot be changed now: its service is suspended or not active (`error`: `service_not_manageable`), or the server is busy with another operation or in a state that does not allow this one; `message` says which.',
  ...upstreamAnswers,
} satisfies ErrorAnswers;

const refusalReasons: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.permissionRequired]: 'a sub-account without the permission named in `required_permission`',
  [ErrorCode.serviceAccessDenied]: "the service is outside the sub-account's whitelist",
  [ErrorCode.mainAccountOnly]: 'sub-accounts may not do this',
  [ErrorCode.accountClosed]: 'the account has been closed',
  [ErrorCode.sessionRequired]: 'an API token may not do this: sign in',
  [ErrorCode.operatorOnly]: 'the caller is not support staff (the operator role)',
};

/** A 403's code, with the reason it has on this route when that is not its usual one. */
export type Refusal = ErrorCode | [ErrorCode, string];

/** The 403 of a route that refuses for these reasons (API.md, "Error bodies"). */
export function refusedFor(...refusals: Refusal[]): string {
  const reasons = refusals.map((refusal) => {
    const [code, why] = typeof refusal === 'string' ? [refusal, refusalReasons[refusal]] : refusal;
    return why ? `\`${code}\` (${why})` : `\`${code}\``;
  });
  return `Refused; \`error\` says why: ${reasons.join(', ')}.`;
}

const signInRequired = 'No valid bearer token (missing, unknown, expired or revoked): sign in again.';

function accessAnswers(access: RouteAccess): ErrorAnswers {
  if (access === 'public') return {};
  if (access === 'signedIn') return { 401: signInRequired, 403: refusedFor(ErrorCode.accountClosed) };
  if (access === 'mainAccount') {
    return { 401: signInRequired, 403: refusedFor(ErrorCode.mainAccountOnly, ErrorCode.accountClosed) };
  }
  if (access === 'session') {
    return { 401: signInRequired, 403: refusedFor(ErrorCode.sessionRequired, ErrorCode.accountClosed) };
  }
  if (access === 'ownerSession') {
    return {
      401: signInRequired,
      403: refusedFor(ErrorCode.mainAccountOnly, ErrorCode.sessionRequired, ErrorCode.accountClosed),
    };
  }
  if (access === 'operator') {
    return { 401: signInRequired, 403: refusedFor(ErrorCode.operatorOnly, ErrorCode.accountClosed) };
  }
  if (access === 'service') {
    return {
      401: signInRequired,
      403: refusedFor(ErrorCode.permissionRequired, ErrorCode.serviceAccessDenied, ErrorCode.accountClosed),
      404: "No such service on this account, or not one of this kind: another account's service is a 404 too, so its existence is not revealed.",
    };
  }
  return { 401: signInRequired, 403: refusedFor(ErrorCode.permissionRequired, ErrorCode.accountClosed) };
}

/** What an `Idempotency-Key` adds to a route's answers. */
const idempotencyAnswers = {
  409: 'A call with the same `Idempotency-Key` is still being handled: try again in a moment.',
  422: 'The `Idempotency-Key` is malformed, or was used before for another call (another route or body).',
} satisfies ErrorAnswers;

/** The parts of a route the answers depend on. */
export interface AnsweringRoute {
  hasBody: boolean;
  /** A body, path parameters or a query string, checked against the contract's schemas. */
  hasInput: boolean;
  rateLimited: boolean;
  access: RouteAccess;
  /** Whether the route changes state (token-access.ts): a read-only API token is refused. */
  changes: boolean;
  /** Whether the route honours an `Idempotency-Key` header (idempotency.ts). */
  idempotent?: boolean;
  answers?: ErrorAnswers | undefined;
}

/**
 * Every error answer a route can give: what its access implies, what its input implies (the
 * error handler's 400/413/415 for a body and 422 for any input), 429 from the per-address limit,
 * and what the route states itself.
 */
export function errorAnswersOf(route: AnsweringRoute): ErrorAnswers {
  const answers: ErrorAnswers = {
    ...(route.hasBody && {
      400: 'The body is not valid JSON.',
      413: 'The body is larger than 1 MiB.',
      415: 'The body is not JSON (`Content-Type: application/json`).',
    }),
    ...accessAnswers(route.access),
    ...(route.hasInput && {
      422: 'The input is invalid: `errors` holds the messages per field and `message` the first of them.',
    }),
    ...(route.rateLimited && {
      429: 'Too many requests from this address or for this account; `Retry-After` gives the seconds to wait.',
    }),
    ...route.answers,
  };
  // Said apart from the access's refusals, so that it holds where a route words its own 403.
  if (route.changes && readOnlyRuleApplies(route.access)) {
    answers[403] = `${answers[403]} A read-only API token gets \`${ErrorCode.readOnlyToken}\`: it may only read.`;
  }
  if (route.idempotent) {
    answers[409] = [answers[409], idempotencyAnswers[409]].filter(Boolean).join(' ');
    answers[422] = [answers[422], idempotencyAnswers[422]].filter(Boolean).join(' ');
  }
  return answers;
}

/** The route config of a read of one server: its service by id, then the platform behind it. */
export const serverRead = { access: 'service', answers: upstreamAnswers } as const;

/**
 * The route config of a change to one server (power, reinstall, settings…), whatever its method
 * (the spec's `GET …/backup/toggle`, `GET …/rebuild/stop`), and of the consoles, which hand out
 * control of the machine: a read-only API token may call none of them.
 */
export const serverChange = { access: 'service', answers: serverChangeAnswers, changes: true } as const;
