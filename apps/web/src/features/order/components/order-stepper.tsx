import { Stepper } from '@mantine/core';
import { OrderText } from '@rackdesk/contract';
import { useOrderNavigation } from '../hooks/use-order-navigation.ts';
import { type OrderStep, stepLabelTarget } from '../utils/order-state.ts';

/**
 * The wizard's five steps (portal spec §2). A label is a button only where the rules let it be
 * clicked: the first always, the second from step 2 on, the third at step 3.
 */
export function OrderStepper({ step }: { step: OrderStep }) {
  const { clickLabel } = useOrderNavigation();
  return (
    <nav aria-label="Order steps">
      <Stepper active={step} onStepClick={(index) => clickLabel(index as OrderStep)} size="sm" iconSize={32}>
        {OrderText.steps.map((label, index) => {
          const clickable = stepLabelTarget(index as OrderStep, step) !== null;
          return (
            <Stepper.Step
              key={label}
              label={label}
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
