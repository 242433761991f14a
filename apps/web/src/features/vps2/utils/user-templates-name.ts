import { vps2UserTemplateCreateRequestSchema } from '@rackdesk/contract';

const nameRule = vps2UserTemplateCreateRequestSchema.shape.custom_name;

/**
 * The first problem with a template name, in the spec's words ('Template name cannot be empty.',
 * 'Template name can only contain letters, numbers, and underscores.'), or null when the server
 * will take it. The rule is the API's own, so the two never disagree.
 */
export function templateNameError(name: string): string | null {
  const checked = nameRule.safeParse(name);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
