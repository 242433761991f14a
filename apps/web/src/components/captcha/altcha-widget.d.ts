import type { HTMLAttributes, Ref } from 'react';

interface AltchaWidgetAttributes extends HTMLAttributes<HTMLElement> {
  ref?: Ref<HTMLElement>;
  challenge?: string;
  name?: string;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': AltchaWidgetAttributes;
    }
  }
}
