import { ErrorCode, orderRequestSchema, orderResponseSchema, OrderText } from '@rackdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { callerOf } from '../../http/caller.ts';
import { refusedFor } from '../../http/route-answers.ts';

/** Placing an order (portal spec §7 Order: `POST billing/order`). */
export function ordersRoutes({ orders }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/billing/order',
      {
        config: {
          access: { permission: 'order' },
          idempotent: true,
          idempotentAnswer: (request, ref) => orders.placedAnswer(callerOf(request), Number(ref)),
          answers: {
            400: `The fraud check held the order for a manual review (\`error\`: \`${ErrorCode.fraudCheckFailed}\`, \`message\`: '${OrderText.fraudHeld}'). The order is written (\`orderid\`) with status Fraud: its invoice is Cancelled and cannot be paid, nothing is provisioned, until an operator accepts it (the invoice becomes Unpaid and is mailed) or cancels it.`,
            403: refusedFor(
              ErrorCode.permissionRequired,
              [
                ErrorCode.emailUnverified,
                `the account's e-mail address is not verified ('${OrderText.emailUnverified}')`,
              ],
              [
                ErrorCode.userDetailsRequired,
                'a card or PayPal needs the profile details (`user_details_ok`); crypto gateways do not',
              ],
              ErrorCode.accountClosed,
            ),
            409: `Fewer units are left than ordered: another order took them meanwhile (\`error\`: \`${ErrorCode.outOfStock}\`, \`message\` 'Only N left' or 'This product is out of stock.'). Nothing was written.`,
            422: 'A field breaks a rule of the catalogue; `errors` names each, e.g. `pid.0` (unknown or hidden product), `billingcycle.0` (not offered), `configoptions.2.optionid` (unknown, hidden or not offered choice; a disk layout the OS or drive bays do not allow), `customfields.0.1.value` (OS not offered, SSH keys not the account’s or not allowed with Windows or a custom template, the storage block’s VPS missing, not active, locked, elsewhere or outside the whitelist), `domain` (hostname), `quantity` (above the stock), `promocode` (invalid or not for the cycle), `paymentmethod` (not offered here). Nothing was written.',
            502: "The VPS a storage block is ordered for could not be checked on its platform ('Could not determine if VPS status. Please try again later.').",
          },
        },
        schema: {
          tags: ['order'],
          summary: 'Places an order: its Pending services and their Unpaid invoice, due today',
          description: [
            'One or more products (`pid[]`, with one `billingcycle[]` each), each `quantity` times. The server prices everything itself from the catalogue (`GET billing/products/product/{pid}`): cycle price, setup fees, configuration options and the promotion code; no amount is sent, and one that is sent is refused as an unknown field.',
            '',
            '- `configoptions[]`: `{id, optionid}` of the products’ configuration options; an option not sent takes its first choice; a checkbox (type `3`) is ticked with `optionid` 1.',
            '- `customfields[]`: one list per product, in the order of `pid`, of `{id, value}` by the product’s custom field ids: `custom_os_id` an OS template name of `GET billing/os-templates/{pid}` or the id of a finished custom template (VPS v2); `ssh_key_ids` a comma list of the account’s SSH key ids (not with Windows or a custom template); `vm_whmcs_id` the service id of the active VPS v2 a storage block is attached to, in the block’s location.',
            '- `domain`: the server’s hostname (required for a VPS): letters, digits, `-`, `_` and `.`.',
            '- `rootpw`: the root password, used once when the server is built; it is stored only encrypted and erased after use.',
            '- `promocode`: see `GET billing/promo/{productId}/{code}`; `notes`: for the provider.',
            '- `paymentmethod`: a module of `GET billing/payment-methods`; a card or PayPal needs the profile details.',
            '',
            'The answer names the order, its number and its invoice (`/invoices/{invoiceid}` to pay it). Once the invoice is paid, each service is provisioned and becomes Active. With an `Idempotency-Key` header a retried call places the order once.',
          ].join('\n'),
          operationId: 'placeOrder',
          body: orderRequestSchema,
          response: { 200: orderResponseSchema },
        },
      },
      (request) => orders.place(callerOf(request), request.body, request.ip, request.idempotencyKey),
    );
  };
}
