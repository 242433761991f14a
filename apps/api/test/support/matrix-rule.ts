import { ErrorCode, type SubAccountPermission } from '@rackdesk/contract';
import type { RouteAccess } from '../../src/http/route-answers.ts';
import { readOnlyRuleApplies } from '../../src/http/token-access.ts';

/** Whose account a caller acts for, or whose an object is. */
export type Party = 'A' | 'B' | 'staff' | 'closed';

/** One kind of caller of the generated matrix. */
export interface MatrixCaller {
  name: string;
  /** What its bearer token is: none, dead (expired or revoked), a session or an API token. */
  credential: 'none' | 'dead' | 'session' | 'readToken' | 'fullToken';
  /** The account it acts for (guests and dead tokens: undefined). */
  party?: Party;
  /** A sub-account of its party: the permissions it holds, and whether its whitelist leaves A's services out. */
  sub?: { permissions: Record<SubAccountPermission, boolean>; outsideWhitelist: boolean };
  operator?: boolean;
}

/** How a kind of object answers a caller that may use the route but not that object. */
export interface ObjectRules {
  /** Objects of one login (sessions), not of its account: a sub-account's are not the owner's. */
  perLogin?: boolean;
  /** Another account's object: 404 (its existence is not revealed) unless the kind says otherwise. */
  foreign?: 404 | 403;
  /** The account's object outside a sub-account's whitelist: refused, hidden, or no matter. */
  outsideWhitelist?: 'refused' | 'hidden' | 'ignored';
  /**
   * The route works on the caller's servers of one kind (an ISO library): a caller with none it
   * may manage is refused as if outside its whitelist.
   */
  callerNeedsServer?: boolean;
}

/** Which object a probe names: none, A's, B's or one that does not exist. */
export type Target = 'none' | 'A' | 'B' | 'missing';

/** What the declaration implies a probe must get. */
export type Expected =
  /** A public route may still answer 403 for its own reasons (a guest ticket's wrong key). */
  | { allowed: true; publicRoute?: boolean }
  | { allowed: false; status: 401 | 404 }
  | { allowed: false; status: 403; error: string };

/** The codes of the access rules' refusals: none of them may meet a caller the rule lets in. */
const accessRefusals = new Set<string>([
  ErrorCode.permissionRequired,
  ErrorCode.mainAccountOnly,
  ErrorCode.serviceAccessDenied,
  ErrorCode.accountClosed,
  ErrorCode.sessionRequired,
  ErrorCode.readOnlyToken,
  ErrorCode.operatorOnly,
]);

const refused = (error: string): Expected => ({ allowed: false, status: 403, error });
const allowed: Expected = { allowed: true };

/**
 * The rule: what a route's declared access (`config.access`, and whether it changes state)
 * implies for one caller and one object, in the order the server applies it: the bearer token,
 * the read-only rule of API tokens, the policy function of the access, then the object itself.
 */
export function expectedAnswer(
  route: { access: RouteAccess; changes: boolean },
  caller: MatrixCaller,
  target: Target,
  object: ObjectRules,
): Expected {
  const { access } = route;
  if (access === 'public') return { allowed: true, publicRoute: true };
  if (caller.credential === 'none' || caller.credential === 'dead') return { allowed: false, status: 401 };
  const token = caller.credential === 'readToken' || caller.credential === 'fullToken';
  if (caller.credential === 'readToken' && route.changes && readOnlyRuleApplies(access)) {
    return refused(ErrorCode.readOnlyToken);
  }
  if (caller.party === 'closed') return refused(ErrorCode.accountClosed);
  if ((access === 'session' || access === 'ownerSession') && token) return refused(ErrorCode.sessionRequired);
  if ((access === 'mainAccount' || access === 'ownerSession') && caller.sub) {
    return refused(ErrorCode.mainAccountOnly);
  }
  if (access === 'operator' && !caller.operator) return refused(ErrorCode.operatorOnly);
  // A server's route needs the services permission, and an upgrade the order permission after it.
  const permissions: SubAccountPermission[] =
    access === 'service'
      ? ['services']
      : typeof access !== 'object'
        ? []
        : 'serviceAnd' in access
          ? ['services', access.serviceAnd]
          : [access.permission];
  if (caller.sub && permissions.some((permission) => !caller.sub!.permissions[permission])) {
    return refused(ErrorCode.permissionRequired);
  }
  return objectAnswer(access, caller, target, object);
}

/** The object's part of the rule, for a caller the access lets in. */
function objectAnswer(
  access: RouteAccess,
  caller: MatrixCaller,
  target: Target,
  object: ObjectRules,
): Expected {
  if (target === 'none') {
    const managesNone = caller.party === 'staff' || caller.sub?.outsideWhitelist;
    return object.callerNeedsServer && managesNone ? refused(ErrorCode.serviceAccessDenied) : allowed;
  }
  if (target === 'missing') return { allowed: false, status: 404 };
  // Staff reach every account's object through the operator API.
  if (access === 'operator') return allowed;
  const own = target === caller.party && !(object.perLogin && caller.sub);
  if (!own) {
    return object.foreign === 403 ? refused('') : { allowed: false, status: 404 };
  }
  if (caller.sub?.outsideWhitelist) {
    if (object.outsideWhitelist === 'refused') return refused(ErrorCode.serviceAccessDenied);
    if (object.outsideWhitelist === 'hidden') return { allowed: false, status: 404 };
  }
  return allowed;
}

/** Whether an answer is what the rule expects; `error` is the answer's `error` field. */
export function answerMatches(
  expected: Expected,
  target: Target,
  answer: { status: number; error?: string },
): boolean {
  if (!expected.allowed) {
    if (answer.status !== expected.status) return false;
    return expected.status !== 403 || !expected.error || answer.error === expected.error;
  }
  if (answer.status === 401) return false;
  if (answer.status === 403 && !(expected.publicRoute && !accessRefusals.has(answer.error ?? '')))
    return false;
  return !(answer.status === 404 && target !== 'none' && target !== 'missing');
}
