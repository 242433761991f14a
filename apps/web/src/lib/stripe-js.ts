import type { StripeConfigResponse } from '@rackdesk/contract';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Loads a script once; resolves when it ran. */
function loadScript(src: string): Promise<void> {
  const existing = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
  if (existing?.dataset.loaded) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error('Stripe.js could not be loaded')));
    if (!existing) {
      script.src = src;
      document.head.appendChild(script);
    }
  });
}

let loading: Promise<Stripe> | undefined;

/**
 * Stripe.js from where the API says (Stripe's with real keys, the payment sandbox's stand-in in
 * demos and tests), loaded before `loadStripe`, which then takes the `window.Stripe` it finds.
 * Loaded once per page, and only by the pages that take cards.
 */
async function stripeFor(): Promise<Stripe> {
  const config = await api.get<StripeConfigResponse>('/billing/stripe/config');
  await loadScript(config.js_url);
  const stripe = await loadStripe(config.publishable_key);
  if (!stripe) throw new Error('Stripe.js is not available');
  return stripe;
}

/** The Stripe.js instance of the page (`data` once loaded). */
export function useStripe() {
  return useQuery({
    queryKey: ['stripe-js'],
    queryFn: () => {
      loading ??= stripeFor().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
