import type { MailMessage } from '../mail/mailer.ts';

export interface ReadyServiceFacts {
  productName: string;
  hostname: string;
  dedicatedIp: string;
  assignedIps: string[];
  nextDueDate: string | null;
}

/** The mail of a service whose provisioning finished; sent by the service-ready-mail job. */
export const provisioningMails = {
  serviceReady(to: string, service: ReadyServiceFacts, link: string): MailMessage {
    const name = service.hostname ? `${service.productName} - ${service.hostname}` : service.productName;
    const addresses = [service.dedicatedIp, ...service.assignedIps].filter(Boolean);
    const lines = [
      `Good news: your ${name} is ready.`,
      '',
      ...(service.hostname ? [`Hostname: ${service.hostname}`] : []),
      ...(addresses.length > 0
        ? [`IP address${addresses.length > 1 ? 'es' : ''}: ${addresses.join(', ')}`]
        : []),
      ...(service.nextDueDate ? [`Next due date: ${service.nextDueDate}`] : []),
      '',
      'Sign in with the root password or SSH keys you chose when ordering. Manage it here:',
      link,
      '',
    ];
    return { to, subject: `Your server is ready - ${name}`, text: lines.join('\n') };
  },
};
