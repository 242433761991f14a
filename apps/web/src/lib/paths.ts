/** Every URL of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  logout: '/logout',
  resetPassword: '/reset-password',
  resetPasswordToken: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  verifyEmail: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  services: '/services',
  service: (id: number | string) => `/services/${id}`,
  vps2Server: (id: number | string) => `/services/vps/v2/${id}`,
  storageService: (id: number | string) => `/services/storage/${id}`,
  invoices: '/invoices',
  /** The invoice list filtered to one service. */
  serviceInvoices: (serviceId: number | string) => `/invoices?id=${serviceId}`,
  invoice: (id: number | string) => `/invoices/${id}`,
  order: '/order',
  /** A dedicated server's configure page; also where a storage region's link leads (portal spec §7). */
  orderProduct: (pid: number | string) => `/order/${pid}`,
  orderVps: (pid: number | string) => `/order/vps/${pid}`,
  orderStorage: (pid: number | string) => `/order/storage/${pid}`,
  orderInvoice: (id: number | string) => `/order/invoice/${id}`,
  /**
   * Where a placed order leads (portal spec §2 All Done): its invoice with the order banner, which
   * names the order by the number the customer quotes.
   */
  orderPlaced: (order: { invoiceid: number; orderid: number; ordernum: string }) =>
    `/invoices/${order.invoiceid}?success=true&orderId=${order.orderid}&ordernum=${encodeURIComponent(order.ordernum)}`,
  account: '/account',
  billingInfo: '/account/billinginfo',
  support: '/support',
  supportNew: '/support/new',
  supportTicket: (tid: number | string) => `/support/${tid}`,
  /** A guest's ticket, opened with the access key mailed to the guest (API.md). */
  guestTicket: (tid: string, key: string) => `/support/${tid}?c=${encodeURIComponent(key)}`,
  news: (id: number | string) => `/news/${id}`,
} as const;

/** Paths of the API, relative to /api. */
export const apiPaths = {
  login: '/login',
  register: '/register',
  logout: '/logout',
  user: '/user',
  events: '/events',
  captchaChallenge: '/captcha/challenge',
  resetPassword: '/reset-password',
  resetPasswordToken: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  sendVerification: '/email-verification/send',
  verifyEmail: '/email-verification/verify',
  invoices: '/invoices',
  services: '/services',
  service: (id: number | string) => `/services/${id}`,
  serviceCancel: (id: number | string) => `/services/${id}/cancel`,
  /** A VPS v2 and its billing: its page, and the order wizard's lock check of a storage block's VPS. */
  vps2Server: (id: number | string) => `/services/vps/v2/${id}`,
  /** The account's VPS v2 user templates: the Templates tab, and the wizard's Custom Template. */
  vps2UserTemplates: '/services/vps/v2/user-template/list',
  support: '/support',
  supportDepartments: '/support/departments',
  /** A guest's new ticket: its fields travel in the query string (portal spec §7). */
  guestSupport: '/guest/support',
  news: '/news',
} as const;

export const API_BASE = '/api';
