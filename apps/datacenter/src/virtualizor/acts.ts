import type { SimContext } from '../context.ts';
import { lockText, settle } from './machine.ts';
import type { SimVps, VirtualizorState } from './state.ts';

/** One call of `/index.php`, as the act handlers see it. */
export interface ActRequest {
  act: string;
  method: 'GET' | 'POST';
  query: Record<string, string>;
  /** The posted form; empty on GET. */
  form: Record<string, string>;
  now: number;
  ctx: SimContext;
  state: VirtualizorState;
  /** Set when the handler changed the state, so the dispatcher saves it. */
  changed: boolean;
}

export interface ActAnswer {
  body: Record<string, unknown>;
}

export type ActHandler = (request: ActRequest) => ActAnswer;

/** Success, the way Virtualizor reports it: a non-empty `done`. */
export function done(msg: string, extra: Record<string, unknown> = {}): ActAnswer {
  return { body: { done: { msg }, ...extra } };
}

/** A refusal: Virtualizor answers 200 with an `error` array keyed by the field or reason. */
export function refused(errors: Record<string, string>): ActAnswer {
  return { body: { error: errors } };
}

/** Actions (`do=1` or a posted form) change state; the same act without them only reads. */
export function isAction(request: ActRequest): boolean {
  return request.query.do === '1' || request.form.do === '1' || request.method === 'POST';
}

/** Runs `handle` on the VPS named by `svs`, brought up to date first. */
export function withVps(request: ActRequest, handle: (vps: SimVps) => ActAnswer): ActAnswer {
  const vps = request.state.vps[request.query.svs ?? ''];
  if (!vps) return refused({ svs: 'The VPS you specified was not found' });
  if (settle(vps, request.now)) request.changed = true;
  return handle(vps);
}

/** Like `withVps`, for changes: a locked VPS refuses them, as every action is disabled while locked. */
export function withUnlockedVps(request: ActRequest, handle: (vps: SimVps) => ActAnswer): ActAnswer {
  return withVps(request, (vps) => {
    const lock = lockText(vps);
    return lock ? refused({ locked: `The VPS is locked: ${lock}` }) : handle(vps);
  });
}
