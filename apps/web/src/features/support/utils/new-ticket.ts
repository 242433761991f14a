import {
  type CreateTicketRequest,
  DEFAULT_TICKET_PRIORITY,
  type Department,
  type ServiceListItem,
  SupportText,
  TICKET_MESSAGE_MAX,
  TICKET_NAME_MAX,
  TICKET_SUBJECT_MAX,
  type TicketPriority,
} from '@rackdesk/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { emailError } from '../../../lib/email.ts';

/** The new-ticket form's values; selects hold their choice as text, '' for none. */
export interface TicketFormValues {
  name: string;
  email: string;
  deptid: string;
  subject: string;
  message: string;
  priority: TicketPriority;
  serviceid: string;
}

export const emptyTicketForm: TicketFormValues = {
  name: '',
  email: '',
  deptid: '',
  subject: '',
  message: '',
  priority: DEFAULT_TICKET_PRIORITY,
  serviceid: '',
};

/** The query parameters that fill the form (portal spec §2 Support), e.g. from a 'Contact' link. */
export const PREFILL_PARAMS = ['name', 'email', 'subject', 'message', 'deptid'] as const;

export type TicketPrefill = Partial<
  Pick<TicketFormValues, 'name' | 'email' | 'subject' | 'message' | 'deptid'>
>;

const textLimits = {
  name: TICKET_NAME_MAX,
  email: 255,
  subject: TICKET_SUBJECT_MAX,
  message: TICKET_MESSAGE_MAX,
};

/**
 * The prefill of `/support/new?name=&email=&subject=&message=&deptid=`, or null when the URL
 * carries none of them. Texts longer than the API takes are cut to its limit; a deptid that is
 * not a positive whole number is ignored. The server checks everything again.
 */
export function parsePrefill(params: URLSearchParams): TicketPrefill | null {
  if (!PREFILL_PARAMS.some((name) => params.has(name))) return null;
  const prefill: TicketPrefill = {};
  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    const value = params.get(field);
    if (value !== null) prefill[field] = value.slice(0, textLimits[field]);
  }
  const deptid = params.get('deptid');
  if (deptid !== null && /^[1-9]\d{0,8}$/.test(deptid)) prefill.deptid = deptid;
  return prefill;
}

/**
 * The department the form starts on: the prefilled one if the list has it, else the first.
 * '' while the list is not there.
 */
export function initialDepartment(departments: readonly Department[], prefilled: string | undefined): string {
  if (prefilled && departments.some((department) => String(department.id) === prefilled)) return prefilled;
  return departments[0] ? String(departments[0].id) : '';
}

/** A service as the Related Service list offers it: product, domain or IP, and its status. */
export function serviceOptionLabel(
  service: Pick<ServiceListItem, 'name' | 'domain' | 'dedicatedip' | 'status'>,
): string {
  const address = service.domain || service.dedicatedip;
  return `${service.name}${address ? ` - ${address}` : ''} (${service.status})`;
}

type FieldCheck = (value: string) => string | null;
const required =
  (message: string): FieldCheck =>
  (value) =>
    value.trim() === '' ? message : null;

/** The checks the browser makes before sending; the server makes them all again. */
export function ticketFormChecks(isGuest: boolean): Partial<Record<keyof TicketFormValues, FieldCheck>> {
  const common = {
    subject: required(SupportText.subjectRequired),
    message: required(SupportText.messageRequired),
  };
  if (!isGuest) return { ...common, deptid: required(SupportText.departmentInvalid) };
  return {
    ...common,
    name: required(SupportText.nameRequired),
    email: (value) =>
      emailError(value, {
        required: 'The email field is required.',
        invalid: 'The email must be a valid email address.',
      }),
  };
}

/**
 * `PUT support` for a signed-in customer: JSON without images; with images, multipart/form-data
 * with the same fields (numbers as digit strings) and each image as `images[]`.
 */
export function ticketRequest(
  values: TicketFormValues,
  images: readonly File[],
): CreateTicketRequest | FormData {
  const body: CreateTicketRequest = {
    deptid: Number(values.deptid),
    subject: values.subject.trim(),
    message: values.message,
    priority: values.priority,
  };
  if (values.serviceid !== '') body.serviceid = Number(values.serviceid);
  if (images.length === 0) return body;
  const form = new FormData();
  for (const [field, value] of Object.entries(body)) form.append(field, String(value));
  for (const image of images) form.append('images[]', image, image.name);
  return form;
}

/** `PUT guest/support?…`: a guest's fields and the captcha's proof, in the query string. */
export function guestTicketQuery(values: TicketFormValues, captchaToken: string): URLSearchParams {
  return new URLSearchParams({
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message,
    priority: values.priority,
    captchaToken,
  });
}

/** Where the API's 422 field errors go in the form. */
export const TICKET_FIELD_MAP: Readonly<Record<string, string>> = {
  name: 'name',
  email: 'email',
  deptid: 'deptid',
  subject: 'subject',
  message: 'message',
  priority: 'priority',
  serviceid: 'serviceid',
  captchaToken: 'captcha',
  images: 'images',
  'images[]': 'images',
};

/**
 * A guest's fields travel in the URL (portal spec §7). The API takes the longest message there,
 * but a proxy in front of it may take only so long a request line and refuse with 431 before the
 * API reads it. Said under the message, with the ways out, instead of the general failure.
 */
export const GUEST_MESSAGE_TOO_LONG =
  'This message is too long to send without an account. Please shorten it, or sign in to send it.';

/** The field error for a refusal that names no field, or undefined (the §8 toast then). */
export function unplacedRefusal(
  error: unknown,
  isGuest: boolean,
): { field: 'message'; message: string } | undefined {
  if (isGuest && isApiError(error) && error.status === 431)
    return { field: 'message', message: GUEST_MESSAGE_TOO_LONG };
  return undefined;
}
