import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SimContext } from '../context.ts';
import { subnetContains } from './ip-math.ts';
import { applyRdns, ownsAddress, rdnsOf, rdnsUpdateProblems } from './rdns.ts';
import { invalidInput, result, unprocessable } from './replies.ts';
import { onServer } from './server-lookup.ts';
import type { SimServer } from './state.ts';

/** `ip_list` may come as one comma-separated value or repeated (`ip_list=a&ip_list=b`). */
const ipListQuerySchema = z.object({
  ip_list: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : [value ?? ''])
        .flatMap((item) => item.split(','))
        .map((ip) => ip.trim())
        .filter(Boolean),
    ),
});

const rdnsUpdateSchema = z.object({
  ip_list: z.array(z.string()),
  hostname_list: z.array(z.string()),
  ttl_list: z.array(z.coerce.number()).optional(),
});

/** The documented read: `POST …/ipassignments/rdns {"ip"}`. */
const rdnsReadSchema = z.object({ ip: z.string({ error: 'The ip field is required.' }) });

/** The documented update of an IP assignment; only its PTR record is simulated. */
const assignmentUpdateSchema = z.object({
  ip: z.string({ error: 'The ip field is required.' }).min(1, 'The ip field is required.'),
  ptrRecord: z.string().max(255, 'The ptr record may not be greater than 255 characters.').optional(),
  setPtrTemplate: z.boolean().optional(),
  subnetIp: z.string().optional(),
});

/**
 * The address an assignment update names: `ip` itself, or `subnetIp` when `ip` is one of the
 * server's subnets given with its prefix length (`2001:db8:42::/64`).
 */
function addressOf(server: SimServer, ip: string, subnetIp: string | undefined): string | undefined {
  const [network, prefix] = ip.split('/');
  if (prefix === undefined) return ip;
  const subnet = server.subnets.find((s) => s.subnet === network && String(s.cidr) === prefix);
  if (!subnet || !subnetIp || !subnetContains(subnet.subnet, subnet.cidr, subnetIp)) return undefined;
  return subnetIp;
}

/**
 * Reverse DNS of a server's addresses. Two forms: Tenantos's documented one (`POST
 * …/ipassignments/rdns {"ip"}` reads one record as `{"ptrRecord"}`, `PUT …/ipassignments/{id}
 * {"ip", "ptrRecord"}` sets it), and the batch form with TTLs the panel's adapter uses (`GET` with
 * `ip_list`, `POST` with parallel `ip_list`/`hostname_list`/`ttl_list`).
 */
export function registerRdnsRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get(
    '/api/servers/:id/ipassignments/rdns',
    onServer(ctx, ({ server }, request, reply) => {
      const parsed = ipListQuerySchema.safeParse(request.query);
      if (!parsed.success) return invalidInput(reply, parsed.error);
      const asked = parsed.data.ip_list;
      const ips = asked.length > 0 ? asked : server.subnets.flatMap((subnet) => subnet.ips);
      const foreign = ips.filter((ip) => !ownsAddress(server, ip));
      if (foreign.length > 0) {
        const message = `The IP ${foreign[0]} is not assigned to this server.`;
        return unprocessable(reply, message, { ip_list: [message] });
      }
      return result(ips.map((ip) => rdnsOf(server, ip)));
    }),
  );

  app.post(
    '/api/servers/:id/ipassignments/rdns',
    onServer(ctx, ({ server, save }, request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (!('ip_list' in body)) {
        const read = rdnsReadSchema.safeParse(body);
        if (!read.success) return invalidInput(reply, read.error);
        if (!ownsAddress(server, read.data.ip)) {
          const message = 'The ip must be a valid IP address which is assigned to this server.';
          return unprocessable(reply, message, { ip: [message] });
        }
        return result({ ptrRecord: rdnsOf(server, read.data.ip).hostname });
      }
      const parsed = rdnsUpdateSchema.safeParse(body);
      if (!parsed.success) return invalidInput(reply, parsed.error);
      const problems = rdnsUpdateProblems(server, parsed.data);
      const first = Object.values(problems)[0]?.[0];
      if (first) return unprocessable(reply, first, problems);
      const records = applyRdns(server, parsed.data);
      save();
      return result(records);
    }),
  );

  app.put(
    '/api/servers/:id/ipassignments/:assignment',
    onServer(ctx, ({ server, save }, request, reply) => {
      const parsed = assignmentUpdateSchema.safeParse(request.body ?? {});
      if (!parsed.success) return invalidInput(reply, parsed.error);
      const { ip, ptrRecord, setPtrTemplate, subnetIp } = parsed.data;
      const address = addressOf(server, ip, subnetIp);
      if (!address || !ownsAddress(server, address)) {
        const message = 'The ip must be an IP or subnet which is assigned to this server.';
        return unprocessable(reply, message, { ip: [message] });
      }
      if (ptrRecord !== undefined || setPtrTemplate) {
        // The template is the provider's default PTR: here, none.
        const update = { ip_list: [address], hostname_list: [setPtrTemplate ? '' : (ptrRecord ?? '')] };
        const problems = rdnsUpdateProblems(server, update);
        const first = Object.values(problems)[0]?.[0];
        if (first) {
          const field = problems['hostname_list.0'] ? 'ptrRecord' : 'ip';
          return unprocessable(reply, first, { [field]: [first] });
        }
        applyRdns(server, { ...update, ttl_list: [rdnsOf(server, address).ttl] });
        save();
      }
      return result({ ip: address, ptrRecord: rdnsOf(server, address).hostname });
    }),
  );
}
