import { type OsTemplate, VPS2_CUSTOM_OSID_PREFIX, type Vps2UserTemplate } from '@rackdesk/contract';

/**
 * The VPS page's Distribution choice (portal spec §2, §9): 'Prebuilt Templates' (Web Hosting,
 * Gaming 'Coming Soon', Desktop; their template names contain PRECONFIG-web, gaming or desktop)
 * and 'Standard Operating Systems' (debian, ubuntu, centos, almalinux, windows; plus the account's
 * own templates as 'Custom Template' for a logged-in user), each with the versions the product's
 * OS templates (`billing/os-templates/{pid}`) give. The order carries the chosen template's name,
 * or `custom_{id}` for a user template, as `custom_os_id`.
 */

export type DistributionSection = 'prebuilt' | 'standard';

const prebuilt = [
  { key: 'web', label: 'Web Hosting', match: /PRECONFIG-web/i, comingSoon: false },
  { key: 'gaming', label: 'Gaming', match: /gaming/i, comingSoon: true },
  { key: 'desktop', label: 'Desktop', match: /desktop/i, comingSoon: false },
] as const;

const standard = [
  { key: 'debian', label: 'Debian' },
  { key: 'ubuntu', label: 'Ubuntu' },
  { key: 'centos', label: 'CentOS' },
  { key: 'almalinux', label: 'AlmaLinux' },
  { key: 'windows', label: 'Windows' },
] as const;

export type DistributionKey = (typeof prebuilt)[number]['key'] | (typeof standard)[number]['key'] | 'custom';

export interface DistributionVersion {
  /** What the order sends as `custom_os_id`. */
  value: string;
  label: string;
}

export interface Distribution {
  key: DistributionKey;
  label: string;
  section: DistributionSection;
  /** Shown, but not offered yet. */
  comingSoon: boolean;
  versions: DistributionVersion[];
}

export const isCustomTemplate = (os: string) => os.startsWith(VPS2_CUSTOM_OSID_PREFIX);
export const customTemplateOs = (id: number) => `${VPS2_CUSTOM_OSID_PREFIX}${id}`;

/** The distribution an OS template name belongs to (prebuilt names are matched first). */
export function osFamilyOf(os: string): DistributionKey | null {
  if (isCustomTemplate(os)) return 'custom';
  const kind = prebuilt.find((candidate) => candidate.match.test(os));
  if (kind) return kind.key;
  const lower = os.toLowerCase();
  return standard.find((family) => lower.includes(family.key))?.key ?? null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'debian-12' → '12', 'centos-stream-9' → 'Stream 9', 'PRECONFIG-web-lamp' → 'Lamp'. */
export function versionLabel(family: DistributionKey, name: string): string {
  const rest = name.replace(new RegExp(`^.*?${family}[-_ ]?`, 'i'), '');
  const label = rest.replace(/[-_]+/g, ' ').trim();
  return label === '' ? name : capitalise(label);
}

/**
 * The distributions to show for a product's OS templates: the three prebuilt kinds always (the
 * gaming one as 'Coming Soon'), the standard ones the product installs, and 'Custom Template'
 * when `userTemplates` is given (a logged-in user; null for a guest).
 */
export function distributions(
  templates: readonly OsTemplate[],
  userTemplates: readonly Pick<Vps2UserTemplate, 'id' | 'custom_name'>[] | null,
): Distribution[] {
  const versionsOf = (key: DistributionKey) =>
    templates
      .filter((template) => osFamilyOf(template.name) === key)
      .map((template) => ({ value: template.name, label: versionLabel(key, template.name) }));
  const list: Distribution[] = [
    ...prebuilt.map(({ key, label, comingSoon }) => ({
      key,
      label,
      section: 'prebuilt' as const,
      comingSoon,
      versions: comingSoon ? [] : versionsOf(key),
    })),
    ...standard
      .map(({ key, label }) => ({
        key,
        label,
        section: 'standard' as const,
        comingSoon: false,
        versions: versionsOf(key),
      }))
      .filter((family) => family.versions.length > 0),
  ];
  if (userTemplates) {
    list.push({
      key: 'custom',
      label: 'Custom Template',
      section: 'standard',
      comingSoon: false,
      versions: userTemplates.map((template) => ({
        value: customTemplateOs(template.id),
        label: template.custom_name,
      })),
    });
  }
  return list;
}

/** The OS a new VPS starts with: the first version of the first standard distribution. */
export function defaultOs(list: readonly Distribution[]): string | null {
  return (
    list.find((family) => family.section === 'standard' && family.versions.length > 0)?.versions[0]?.value ??
    null
  );
}
