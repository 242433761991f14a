/** Stripe's error types, each with the HTTP status Stripe answers it with. */
const statusOfType = {
  invalid_request_error: 400,
  idempotency_error: 400,
  authentication_error: 401,
  card_error: 402,
  api_error: 500,
} as const;
export type StripeErrorType = keyof typeof statusOfType;

/** An error answered as Stripe does: `{ error: { type, code, message, … } }` with its status. */
export class StripeError extends Error {
  readonly status: number;
  constructor(
    readonly type: StripeErrorType,
    message: string,
    readonly extra: Record<string, unknown> = {},
    status?: number,
  ) {
    super(message);
    this.status = status ?? statusOfType[type];
  }

  get body() {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }

  static missing(kind: string, id: string, param = 'id') {
    return new StripeError(
      'invalid_request_error',
      `No such ${kind}: '${id}'`,
      { code: 'resource_missing', param },
      404,
    );
  }
  static invalid(param: string, message: string, code = 'parameter_invalid') {
    return new StripeError('invalid_request_error', message, { code, param });
  }
  static required(param: string) {
    return new StripeError('invalid_request_error', `Missing required param: ${param}.`, {
      code: 'parameter_missing',
      param,
    });
  }
  static unexpectedState(kind: 'payment_intent' | 'setup_intent', object: { status: string }) {
    return new StripeError(
      'invalid_request_error',
      `This ${kind.replace('_', ' ')} is in the '${object.status}' state and cannot be confirmed.`,
      { code: `${kind}_unexpected_state`, [kind]: object },
    );
  }
}
