import { Anchor, Button, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  GUEST_DEPARTMENT_ID,
  SupportText,
  TICKET_MESSAGE_MAX,
  TICKET_NAME_MAX,
  TICKET_SUBJECT_MAX,
  ticketPriorities,
} from '@rackdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../../lib/routing.tsx';
import { Captcha, type CaptchaHandle } from '../../../components/captcha/captcha.tsx';
import { InlineLoadError } from '../../../components/inline-load-error.tsx';
import { placeFieldErrors } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { usePermission } from '../../../lib/permissions.tsx';
import { serviceListQuery } from '../../../lib/service-list.ts';
import { useCreateGuestTicket } from '../api/create-guest-ticket.ts';
import { useCreateTicket } from '../api/create-ticket.ts';
import { useDepartments } from '../api/get-departments.ts';
import { useAutoSubmit, useTicketPrefill } from '../hooks/use-prefill-auto-submit.ts';
import {
  emptyTicketForm,
  guestTicketQuery,
  initialDepartment,
  serviceOptionLabel,
  TICKET_FIELD_MAP,
  ticketFormChecks,
  type TicketFormValues,
  ticketRequest,
  unplacedRefusal,
} from '../utils/new-ticket.ts';
import { ImageAttachInput } from './image-attach-input.tsx';

/** §6: a guest's ticket always goes to Sales; the form shows it and sends no department. */
const GUEST_DEPARTMENT_NAME = 'Sales';

/**
 * The new-ticket form (portal spec §2 Support, §5 Ticket): a signed-in customer picks the
 * department and, with the services permission, a related service, and may attach images; a
 * guest gives a name and an e-mail, solves the captcha and writes to Sales. Create the form again
 * (a `key`) when the visitor signs in or out: its checks depend on which of the two it serves.
 */
export function NewTicketForm({ isGuest }: { isGuest: boolean }) {
  const navigate = useNavigate();
  const canSeeServices = usePermission('services');
  const departments = useDepartments({ enabled: !isGuest });
  // Without the services permission the list is never asked for (§6).
  const services = useQuery({ ...serviceListQuery(), enabled: !isGuest && canSeeServices });
  const createTicket = useCreateTicket();
  const createGuestTicket = useCreateGuestTicket();
  const [images, setImages] = useState<File[]>([]);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  // Set from the click that sends until the answer: a second click or Enter sends nothing.
  const sending = useRef(false);
  const [sent, setSent] = useState(false);

  const prefill = useTicketPrefill();
  const form = useForm<TicketFormValues>({
    mode: 'controlled',
    // The department comes once the list is there (the prefilled one if the list has it).
    initialValues: { ...emptyTicketForm, ...prefill, deptid: '' },
    validate: ticketFormChecks(isGuest),
  });

  const refused = (error: unknown) => {
    sending.current = false;
    if (placeFieldErrors(error, form, TICKET_FIELD_MAP)) return;
    const refusal = unplacedRefusal(error, isGuest);
    if (refusal) form.setFieldError(refusal.field, refusal.message);
    else notify(SupportText.createFailed, 'error');
  };
  const opened = (message: string, to: string) => {
    setSent(true);
    notify(message, 'success');
    navigate(to);
  };

  const send = (values: TicketFormValues) => {
    if (sending.current) return;
    if (isGuest) {
      if (!captchaToken) {
        form.setFieldError('captcha', SupportText.captchaRequired);
        return;
      }
      sending.current = true;
      createGuestTicket.mutate(guestTicketQuery(values, captchaToken), {
        onSuccess: (response) => opened(response.message, paths.guestTicket(response.tid, response.c)),
        onError: (error) => {
          // A proof is good for one attempt: the next one needs a new solve.
          captchaRef.current?.reset();
          refused(error);
        },
      });
      return;
    }
    sending.current = true;
    createTicket.mutate(ticketRequest(values, images), {
      onSuccess: (response) => opened(response.message, paths.supportTicket(response.tid)),
      onError: refused,
    });
  };
  const submit = form.onSubmit(send);

  useAutoSubmit(prefill, isGuest ? captchaToken !== null : form.values.deptid !== '', () => submit());

  const { setFieldError } = form;
  const departmentList = departments.data;
  // The latest form, so that the effect below runs when a department list arrives and only then:
  // the form's functions change with its values, and an effect on them would loop.
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });
  useEffect(() => {
    if (!departmentList) return;
    const { getValues, setFieldValue } = formRef.current;
    const chosen = getValues().deptid;
    setFieldValue('deptid', initialDepartment(departmentList, chosen !== '' ? chosen : prefill?.deptid));
  }, [departmentList, prefill]);

  const handleCaptcha = useCallback(
    (payload: string | null) => {
      setCaptchaToken(payload);
      if (payload) setFieldError('captcha', null);
    },
    [setFieldError],
  );

  const busy = createTicket.isPending || createGuestTicket.isPending || sent;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720}>
        {isGuest ? (
          <>
            <Text size="sm">
              Have an account?{' '}
              <Anchor component={Link} to={paths.login} state={{ from: paths.supportNew }}>
                Sign in
              </Anchor>{' '}
              to attach images and follow all your tickets in one place.
            </Text>
            <TextInput
              label="Name"
              autoComplete="name"
              required
              maxLength={TICKET_NAME_MAX}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              maxLength={255}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Department"
              value={GUEST_DEPARTMENT_NAME}
              readOnly
              // Filled, so that it does not look like a box to type in.
              variant="filled"
              description="Tickets opened without an account go to Sales."
              data-department-id={GUEST_DEPARTMENT_ID}
            />
          </>
        ) : departments.isError ? (
          <InlineLoadError
            message="The departments could not be loaded."
            onRetry={() => void departments.refetch()}
          />
        ) : (
          <NativeSelect
            label="Department"
            required
            disabled={departments.isPending}
            data={
              departmentList
                ? departmentList.map((department) => ({
                    value: String(department.id),
                    label: department.name,
                  }))
                : [{ value: '', label: 'Loading departments…' }]
            }
            {...form.getInputProps('deptid')}
          />
        )}
        <TextInput
          label="Subject"
          required
          maxLength={TICKET_SUBJECT_MAX}
          {...form.getInputProps('subject')}
        />
        {!isGuest && canSeeServices ? (
          <NativeSelect
            label="Related Service"
            disabled={services.isPending}
            description={
              services.isError
                ? 'Your services could not be loaded; you can still send the ticket.'
                : undefined
            }
            data={[
              { value: '', label: services.isPending ? 'Loading services…' : 'None' },
              ...(services.data ?? []).map((service) => ({
                value: String(service.id),
                label: serviceOptionLabel(service),
              })),
            ]}
            {...form.getInputProps('serviceid')}
          />
        ) : null}
        <NativeSelect label="Priority" data={[...ticketPriorities]} {...form.getInputProps('priority')} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={6}
          maxRows={20}
          maxLength={TICKET_MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        {isGuest ? (
          <Captcha
            ref={captchaRef}
            onChange={handleCaptcha}
            error={form.errors.captcha as string | undefined}
          />
        ) : (
          <ImageAttachInput
            value={images}
            onChange={(files) => {
              setImages(files);
              setFieldError('images', null);
            }}
            error={form.errors.images as string | undefined}
            disabled={busy}
          />
        )}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
