import { type FormEvent, useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { amountInputCents, centsToAmount } from '../utils/amount-input.ts';

/**
 * The state of a form that moves one amount of money (a credit change, a deposit): the amount
 * typed, its message, and the Idempotency-Key of the action, renewed when the amount changes or
 * the action succeeded so that only a retry of the same action reuses it.
 */
export function useAmountForm(check: (value: number | string) => string | null) {
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();

  return {
    inputProps: {
      value: amount,
      error,
      onChange: (value: number | string) => {
        setAmount(value);
        setError(null);
        idempotency.renew();
      },
    },
    setError,
    /** After a success: the next press is a new action. */
    done: idempotency.renew,
    reset: () => {
      setAmount('');
      setError(null);
    },
    /** A submit handler that checks the amount, then sends it in dollars with its key. */
    onSubmit: (send: (amount: number, idempotencyKey: string) => void) => (event: FormEvent) => {
      event.preventDefault();
      const problem = check(amount);
      setError(problem);
      if (!problem) send(centsToAmount(amountInputCents(amount)!), idempotency.key);
    },
  };
}
