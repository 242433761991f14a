import { Stepper, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { OrderText } from '@rackdesk/contract';
import { useOrderNavigation } from '../hooks/use-order-navigation.ts';
import { type OrderStep, stepLabelTarget } from '../utils/order-state.ts';

/**
 * The wizard's five steps (portal spec §2). A label is a button only where the rules let it be
 * clicked: the first always, the second from step 2 on, the third at step 3.
 */
export function OrderStepper({ step }: { step: OrderStep }) {
  const { clickLabel } = useOrderNavigation();
  // A phone has room for one label: the current step's; the others keep theirs for readers.
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <nav aria-label="Order steps">
      <Stepper
        active={step}
        onStepClick={(index) => clickLabel(index as OrderStep)}
        size="sm"
        iconSize={isPhone ? 28 : 32}
        wrap={!isPhone}
      >
        {OrderText.steps.map((label, index) => {
          const clickable = stepLabelTarget(index as OrderStep, step) !== null;
          const shown = !isPhone || index === step;
          return (
            <Stepper.Step
              key={label}
              label={shown ? label : <VisuallyHidden>{label}</VisuallyHidden>}
              styles={shown ? undefined : { stepBody: { marginInlineStart: 0 } }}
              allowStepSelect={clickable}
              aria-current={index === step ? 'step' : undefined}
              aria-disabled={clickable ? undefined : true}
            />
          );
        })}
      </Stepper>
    </nav>
  );
}
