import {
  type DedicatedOsTemplate,
  type DedicatedRebuildKind,
  type DedicatedRebuildRequestBody,
  DedicatedRebuildText,
  dedicatedPasswordRange,
  isRescueTemplate,
} from '@rackdesk/contract';

/** The disk layout choice that sends none: the template decides (servers spec §5). */
export const NO_DISK_LAYOUT = 'none';

/** Reinstall OS lists every template but rescue and password-reset ones. */
export const reinstallTemplates = (templates: readonly DedicatedOsTemplate[]) =>
  templates.filter((template) => !isRescueTemplate(template));

/** Rescue mode lists only rescue and password-reset templates. */
export const rescueTemplates = (templates: readonly DedicatedOsTemplate[]) =>
  templates.filter(isRescueTemplate);

export const templateOptions = (templates: readonly DedicatedOsTemplate[]) =>
  templates.map((template) => ({ value: String(template.id), label: template.name }));

export function findTemplate(templates: readonly DedicatedOsTemplate[], value: string | null) {
  return value === null ? undefined : templates.find((template) => String(template.id) === value);
}

/** 'None' first, then the layouts of the chosen template. */
export function diskLayoutOptions(template: DedicatedOsTemplate | undefined) {
  return [
    { value: NO_DISK_LAYOUT, label: 'None' },
    ...(template?.disklayouts ?? []).map((layout) => ({ value: String(layout.id), label: layout.name })),
  ];
}

/** The red-field check of a rebuild password, or null when it is fine. */
export function passwordLengthProblem(password: string, kind: DedicatedRebuildKind): string | null {
  const { min, max } = dedicatedPasswordRange(kind);
  return password.length < min || password.length > max ? DedicatedRebuildText.passwordLength(kind) : null;
}

export interface RebuildFormValues {
  template: string | null;
  diskLayout: string;
  password: string;
}

/**
 * The body of `POST .../rebuild`: the layout only when one is chosen ('None' sends nothing), the
 * password only to a template that sets one.
 */
export function toRebuildRequest(
  values: RebuildFormValues,
  template: DedicatedOsTemplate,
): DedicatedRebuildRequestBody {
  const body: DedicatedRebuildRequestBody = { template: template.id };
  const layout = template.disklayouts.find((candidate) => String(candidate.id) === values.diskLayout);
  if (layout) body.disk_layout = layout.id;
  if (template.features.set_root_password) body.password = values.password;
  return body;
}
