import { Box, Text } from '@mantine/core';
import type { AltchaWidgetElement } from 'altcha';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { API_BASE, apiPaths } from '../../lib/paths.ts';

export interface CaptchaHandle {
  /** Clears the solved state so that the next attempt needs a new proof. */
  reset: () => void;
}

interface CaptchaProps {
  onChange: (payload: string | null) => void;
  error?: string | null;
  ref?: Ref<CaptchaHandle>;
}

interface StateChangeDetail {
  state: string;
  payload?: string;
}

/**
 * The self-hosted proof-of-work captcha (sign-up, a guest's new ticket). Its script is loaded only
 * where a captcha is shown.
 */
export function Captcha({ onChange, error, ref }: CaptchaProps) {
  const widgetRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    void import('altcha');
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, [onChange]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        (widgetRef.current as AltchaWidgetElement | null)?.reset?.();
        onChange(null);
      },
    }),
    [onChange],
  );

  return (
    <Box>
      <altcha-widget ref={widgetRef} challenge={`${API_BASE}${apiPaths.captchaChallenge}`} />
      {error ? (
        <Text c="red.8" size="sm" mt={4} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
