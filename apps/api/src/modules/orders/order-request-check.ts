import {
  allowedDiskLayouts,
  ErrorCode,
  type BillingCycleName,
  choiceWithRole,
  type ConfigOptionChoice,
  hostnameError,
  isCryptoGateway,
  MAX_EXTRA_IPV4,
  maxOrderQuantity,
  OrderText,
  type PaymentMethodsResponse,
  priceOrder,
  type Product,
  ProductGroup,
  promoDescription,
  type SelectedChoice,
  selectedChoices,
  serviceTypeOf,
} from '@rackdesk/contract';
import type { orderRequestSchema } from '@rackdesk/contract';
import type { z } from 'zod';
import type { ProvisioningParams, ServiceCustomField } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, isWhitelisted } from '../../http/policy.ts';
import type { Vps2Provider } from '../../providers/proxmox/index.ts';
import { UpstreamError } from '../../providers/upstream-error.ts';
import type { CatalogService, OrderableProduct, UsablePromo } from '../catalog/catalog.service.ts';
import { hasCompleteProfile } from '../users/users.mapper.ts';
import type { SshKeysService } from '../ssh-keys/ssh-keys.service.ts';
import type { Vps2Servers } from '../vps2/vps2-servers.ts';
import type { Vps2UserTemplatesService } from '../vps2/vps2-user-templates.service.ts';
import type { OrderKind, OrderPlan, PlannedLine } from './order-plan.ts';

export type OrderRequestInput = z.output<typeof orderRequestSchema>;

/** What the checks read of the catalogue. */
export type OrderCatalog = Pick<CatalogService, 'orderableProduct' | 'usablePromo'>;

export interface OrderRequestCheckDeps {
  catalog: OrderCatalog;
  sshKeys: SshKeysService;
  userTemplates: Vps2UserTemplatesService;
  vps2Servers: Vps2Servers;
  proxmox: Vps2Provider;
  paymentMethods: () => PaymentMethodsResponse;
}

/** The most SSH keys one order installs. */
const MAX_SSH_KEYS = 20;

const kindByGroup = new Map<number, OrderKind>(
  Object.values(ProductGroup).flatMap(({ id, name }) => {
    const type = serviceTypeOf(name);
    return type === 'misc' ? [] : [[id, type]];
  }),
);

/** Field errors gathered across the request, answered together as one 422. */
class Issues {
  readonly #errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    const list = (this.#errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  throwIfAny(): void {
    const [first] = Object.values(this.#errors);
    if (first) throw new AppError(422, first[0]!, { errors: this.#errors });
  }
}

/** One custom field sent for a product: its value and where in the request it was. */
interface SentField {
  value: string;
  field: string;
}

/**
 * Checks an order request against the catalogue and the caller's own things (SSH keys, custom
 * templates, the VPS a storage block goes on), and prices it with the shared order rules. Every
 * broken rule is a 422 naming its field, with the spec's text where it has one; nothing is
 * written. What it answers is the plan the PlaceOrder command writes as it is.
 */
export class OrderRequestCheck {
  constructor(private readonly deps: OrderRequestCheckDeps) {}

  async check(auth: AuthContext, request: OrderRequestInput): Promise<OrderPlan> {
    this.checkPaymentMethod(auth, request.paymentmethod);
    const issues = new Issues();
    const products = await Promise.all(request.pid.map((pid) => this.deps.catalog.orderableProduct(pid)));
    const linesOfOption = this.assignConfigOptions(request, products, issues);
    const promoCode = request.promocode || undefined;
    const promos = promoCode
      ? await Promise.all(
          request.pid.map((pid, index) =>
            products[index] ? this.deps.catalog.usablePromo(pid, promoCode) : undefined,
          ),
        )
      : [];
    if (promoCode && !promos.some(Boolean)) issues.add('promocode', OrderText.promoInvalid);

    const lines: PlannedLine[] = [];
    for (const [index, entry] of products.entries()) {
      const kind = entry && kindByGroup.get(entry.groupId);
      if (!entry) issues.add(`pid.${index}`, OrderText.productNotFound);
      else if (!kind) issues.add(`pid.${index}`, OrderText.productNotOrderable);
      if (!entry || !kind) continue;
      const line = await this.checkLine(auth, request, issues, {
        index,
        entry,
        kind,
        cycle: request.billingcycle[index]!,
        optionEntries: linesOfOption.get(index) ?? [],
        promo: promos[index],
      });
      if (line) lines.push(line);
    }
    this.checkStock(request, products, issues);
    issues.throwIfAny();

    const promo = promos.find((candidate) => candidate !== undefined);
    return {
      lines,
      promo: promo
        ? { id: promo.id, code: promo.promo.code, description: promoDescription(promo.promo) }
        : null,
      paymentMethod: request.paymentmethod,
      rootPassword: request.rootpw,
      notes: request.notes ?? '',
      totalCents: lines.reduce((sum, line) => sum + line.quote.dueTodayCents, 0),
    };
  }

  /**
   * A gateway this installation does not take is a 422; a card or PayPal needs the profile details
   * (portal spec §5, §6), as paying an invoice does.
   */
  private checkPaymentMethod(auth: AuthContext, module: OrderRequestInput['paymentmethod']): void {
    if (!this.deps.paymentMethods().paymentmethod.some((method) => method.module === module)) {
      throw AppError.invalid('paymentmethod', OrderText.paymentMethodUnavailable);
    }
    if (!isCryptoGateway(module) && !hasCompleteProfile(auth.account)) {
      throw AppError.forbidden(OrderText.detailsRequired, ErrorCode.userDetailsRequired);
    }
  }

  /**
   * Splits the flat `configoptions` by the product each option belongs to, keeping each entry's
   * place in the request for its errors. An option of no ordered product is unknown.
   */
  private assignConfigOptions(
    request: OrderRequestInput,
    products: readonly (OrderableProduct | undefined)[],
    issues: Issues,
  ): Map<number, { id: number; optionid: number; at: number }[]> {
    const byLine = new Map<number, { id: number; optionid: number; at: number }[]>();
    for (const [at, entry] of request.configoptions.entries()) {
      let owned = false;
      for (const [index, product] of products.entries()) {
        if (!product?.product.configoptions.configoption.some((option) => option.id === entry.id)) continue;
        owned = true;
        byLine.set(index, [...(byLine.get(index) ?? []), { ...entry, at }]);
      }
      if (!owned && products.every(Boolean))
        issues.add(`configoptions.${at}.id`, 'Unknown configuration option.');
    }
    return byLine;
  }

  private async checkLine(
    auth: AuthContext,
    request: OrderRequestInput,
    issues: Issues,
    line: {
      index: number;
      entry: OrderableProduct;
      kind: OrderKind;
      cycle: BillingCycleName;
      optionEntries: { id: number; optionid: number; at: number }[];
      promo: UsablePromo | undefined;
    },
  ): Promise<PlannedLine | undefined> {
    const { index, entry, kind, cycle, optionEntries } = line;
    const { product } = entry;
    // The shared rules name fields by the product's own entries: put them back where the request had them.
    const requestField = (field: string) =>
      field === 'billingcycle'
        ? `billingcycle.${index}`
        : field.replace(
            /^configoptions\.(\d+)/,
            (_, n: string) => `configoptions.${optionEntries[Number(n)]!.at}`,
          );
    const resolved = selectedChoices(product, cycle, optionEntries);
    if (!resolved.ok) {
      issues.add(requestField(resolved.error.field), resolved.error.message);
      return undefined;
    }
    const choices = resolved.value;
    const fieldOfOption = (choice: SelectedChoice | undefined) => {
      const at = optionEntries.find((sent) => sent.id === choice?.option.id)?.at;
      return at === undefined ? 'configoptions' : `configoptions.${at}.optionid`;
    };
    const withRole = (role: Parameters<typeof choiceWithRole>[1]) =>
      choices.find((selected) => selected.option.role === role);

    const fields = this.customFieldsOf(request, index, product, issues);
    const quote = priceOrder({
      product,
      cycle,
      choices,
      quantity: request.quantity,
      promo: line.promo?.promo,
    });
    if (!quote.ok) issues.add(requestField(quote.error.field), quote.error.message);

    const domain = request.domain ?? '';
    const params: ProvisioningParams = { hostname: domain };
    const location = choiceWithRole(choices, 'location')?.value || entry.provisioning.location;
    if (location) params.location = location;

    if (kind === 'proxmox' || kind === 'vps' || (kind === 'dedicated' && domain !== '')) {
      const error = hostnameError(domain);
      if (error) issues.add('domain', error);
    }
    const lineField = `customfields.${index}`;
    const os = await this.checkOs(auth, { kind, entry, choices, fields, lineField, issues, params });
    if (kind === 'dedicated')
      this.checkDiskLayout(entry, withRole('disk_layout'), os, fieldOfOption, issues, params);
    await this.checkSshKeys(auth, fields.get('ssh_key_ids'), os, issues, params);

    const ipv4 = withRole('ipv4');
    if (ipv4?.choice) {
      const extra = Number(ipv4.choice.value);
      if (!Number.isInteger(extra) || extra < 0 || extra > MAX_EXTRA_IPV4) {
        issues.add(fieldOfOption(ipv4), OrderText.tooManyExtraIpv4);
      } else params.extraIpv4 = extra;
    }

    let serviceDomain = domain;
    if (kind === 'storage') {
      const size = withRole('storage_size')?.choice;
      if (size) {
        params.sizeGb = Number.parseInt(size.value || size.name, 10);
        serviceDomain = `Storage Block ${size.name}`;
      }
      params.hostname = serviceDomain;
      await this.checkStorageVps(auth, entry, fields.get('vm_whmcs_id'), lineField, issues, params);
    }

    if (!quote.ok) return undefined;
    return {
      product: { id: product.pid, name: product.name },
      kind,
      cycle,
      choices,
      quote: quote.value,
      domain: serviceDomain,
      customFields: product.customfields.customfield.map((field): ServiceCustomField => ({
        id: field.id,
        name: field.name,
        value: fields.get(field.name)?.value ?? '',
      })),
      params,
    };
  }

  /** The product's custom fields sent for line `index`, by name; unknown or repeated ids are refused. */
  private customFieldsOf(
    request: OrderRequestInput,
    index: number,
    product: Product,
    issues: Issues,
  ): Map<string, SentField> {
    const sent = new Map<string, SentField>();
    for (const [at, entry] of (request.customfields[index] ?? []).entries()) {
      const field = `customfields.${index}.${at}`;
      const known = product.customfields.customfield.find((candidate) => candidate.id === entry.id);
      if (!known) issues.add(`${field}.id`, OrderText.unknownCustomField);
      else if (sent.has(known.name)) issues.add(`${field}.id`, OrderText.sentTwice);
      else sent.set(known.name, { value: entry.value.trim(), field: `${field}.value` });
    }
    return sent;
  }

  /**
   * The operating system: a dedicated server's (or any product's) 'operating_system' option, else
   * the `custom_os_id` field of a VPS: one of the product's OS templates, or (VPS v2) a finished
   * custom template of the caller's.
   */
  private async checkOs(
    auth: AuthContext,
    input: {
      kind: OrderKind;
      entry: OrderableProduct;
      choices: SelectedChoice[];
      fields: Map<string, SentField>;
      /** Where a missing field is reported: the line's list of custom fields. */
      lineField: string;
      issues: Issues;
      params: ProvisioningParams;
    },
  ): Promise<{ name: string; choice: ConfigOptionChoice | null; custom: boolean } | undefined> {
    const { kind, entry, fields, issues, params } = input;
    const osChoice = choiceWithRole(input.choices, 'operating_system');
    if (osChoice) {
      params.osTemplate = osChoice.value || osChoice.name;
      return { name: params.osTemplate, choice: osChoice, custom: false };
    }
    if (!entry.product.customfields.customfield.some((field) => field.name === 'custom_os_id'))
      return undefined;
    const sent = fields.get('custom_os_id');
    if (!sent || sent.value === '') {
      issues.add(sent?.field ?? input.lineField, OrderText.osRequired);
      return undefined;
    }
    if (entry.osTemplates.includes(sent.value)) {
      params.osTemplate = sent.value;
      return { name: sent.value, choice: null, custom: false };
    }
    const customId = /^(?:custom_)?([1-9]\d{0,9})$/.exec(sent.value)?.[1];
    if (kind === 'proxmox' && customId !== undefined) {
      const templates = await this.deps.userTemplates.list(auth);
      const template = templates.find((candidate) => candidate.id === Number(customId));
      if (template && template.status === 'completed') {
        params.customTemplateId = template.id;
        return { name: template.custom_name, choice: null, custom: true };
      }
    }
    issues.add(sent.field, OrderText.osNotOffered);
    return undefined;
  }

  /** A dedicated server's disk layout: one the chosen OS supports on the server's drive bays. */
  private checkDiskLayout(
    entry: OrderableProduct,
    layout: SelectedChoice | undefined,
    os: { choice: ConfigOptionChoice | null } | undefined,
    fieldOfOption: (choice: SelectedChoice | undefined) => string,
    issues: Issues,
    params: ProvisioningParams,
  ): void {
    if (!layout?.choice) return;
    const name = layout.choice.value || layout.choice.name;
    const allowed: string[] = allowedDiskLayouts(os?.choice?.disklayouts ?? [], entry.driveBays);
    if (!allowed.includes(name)) issues.add(fieldOfOption(layout), OrderText.diskLayoutNotSupported);
    else params.diskLayout = name;
  }

  /** `ssh_key_ids`: a comma list of the account's own keys, not for Windows or a custom template. */
  private async checkSshKeys(
    auth: AuthContext,
    sent: SentField | undefined,
    os: { name: string; custom: boolean } | undefined,
    issues: Issues,
    params: ProvisioningParams,
  ): Promise<void> {
    if (!sent || sent.value === '') return;
    const parts = sent.value.split(',').map((part) => part.trim());
    if (parts.length > MAX_SSH_KEYS || !parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) {
      issues.add(sent.field, OrderText.unknownSshKey);
      return;
    }
    if (os && (os.custom || /windows/i.test(os.name))) {
      issues.add(sent.field, OrderText.sshKeysNotAllowed);
      return;
    }
    const ids = [...new Set(parts.map(Number))];
    if (!(await this.deps.sshKeys.publicKeys(auth, ids))) issues.add(sent.field, OrderText.unknownSshKey);
    else params.sshKeyIds = ids;
  }

  /**
   * A storage block's VPS (`vm_whmcs_id`): an active VPS v2 of the account, inside a sub-account's
   * whitelist, in the block's location and not locked, as the platform tells now. A platform that
   * cannot say is a 502: the order cannot be checked, so it is not placed.
   */
  private async checkStorageVps(
    auth: AuthContext,
    entry: OrderableProduct,
    sent: SentField | undefined,
    lineField: string,
    issues: Issues,
    params: ProvisioningParams,
  ): Promise<void> {
    if (!sent || sent.value === '') {
      issues.add(sent?.field ?? lineField, OrderText.vpsRequired);
      return;
    }
    const serviceId = /^[1-9]\d{0,9}$/.test(sent.value) ? Number(sent.value) : undefined;
    const { vms } = await this.deps.vps2Servers.ofAccount(auth.account.id);
    const vm = vms.find((candidate) => candidate.id === serviceId);
    if (!vm || vm.status !== 'Active') {
      issues.add(sent.field, OrderText.vpsNotAvailable);
      return;
    }
    if (!isWhitelisted(auth, vm.id)) {
      issues.add(sent.field, OrderText.storageNotWhitelisted);
      return;
    }
    let status: { location: string; locked: boolean };
    try {
      const [location, detail] = await Promise.all([
        this.deps.proxmox.getServerLocation(vm.vmid),
        this.deps.proxmox.getServer(vm.vmid),
      ]);
      status = { location, locked: detail.locked };
    } catch (err) {
      if (err instanceof UpstreamError || err instanceof AppError) {
        throw new AppError(502, OrderText.vpsStatusUnknown, { error: 'upstream_error' });
      }
      throw err;
    }
    if (entry.provisioning.location && status.location !== entry.provisioning.location) {
      issues.add(sent.field, OrderText.diskVpsLocation);
    } else if (status.locked) {
      issues.add(sent.field, OrderText.vpsLocked);
    } else {
      params.attachToServiceId = vm.id;
    }
  }

  /** Each product's quantity within its stock (portal spec §5 'Only N left'). */
  private checkStock(
    request: OrderRequestInput,
    products: readonly (OrderableProduct | undefined)[],
    issues: Issues,
  ): void {
    const wanted = new Map<number, { quantity: number; max: number | null }>();
    for (const entry of products) {
      if (!entry) continue;
      const known = wanted.get(entry.product.pid);
      wanted.set(entry.product.pid, {
        quantity: (known?.quantity ?? 0) + request.quantity,
        max: maxOrderQuantity(entry.product),
      });
    }
    for (const { quantity, max } of wanted.values()) {
      if (max !== null && quantity > max) issues.add('quantity', OrderText.notEnoughStock(max));
    }
  }
}
